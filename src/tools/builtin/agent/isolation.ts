import type { AgentDefinition } from "../../../config/agent-definition.js";
import {
  type AgentWorktreeDeps,
  createAgentWorktree,
  finishAgentWorktree,
  type WorktreeEnd,
} from "../../../worktree/agent-worktree.js";
import type { ToolUseContext } from "../../context.js";
import type { SubagentRunInput, SubagentRunner, SubagentRunResult } from "../../subagent.js";
import type { AnyTool } from "../../tool.js";
import type { RemoteAgentLauncher } from "./remote-isolation.js";
import type { AgentInput } from "./schema.js";

/** Where an agent runs: in the session's folder, or isolated from it. */
export type Isolation = NonNullable<AgentInput["isolation"]>;

/** What isolating agents needs from the session; a kind without its part is refused. */
export interface IsolationDeps {
  /** For `worktree`: where worktrees go, and the built-in tools bound to a folder. */
  worktrees?: {
    stateDir: string;
    git?: AgentWorktreeDeps["git"];
    newName?: AgentWorktreeDeps["newName"];
    toolsInFolder: (cwd: string) => readonly AnyTool[];
  };
  /** For `remote`: submits the agent to keel's remote workers, as keel --remote does. */
  remote?: RemoteAgentLauncher;
}

/** The call's isolation, else its definition's. */
export function isolationOf(
  input: Pick<AgentInput, "isolation">,
  definition: Pick<AgentDefinition, "isolation">,
): Isolation | undefined {
  return input.isolation ?? definition.isolation;
}

/** Why the session cannot isolate an agent this way, or undefined when it can. */
export function isolationRefusal(
  isolation: Isolation | undefined,
  deps: IsolationDeps,
): string | undefined {
  switch (isolation) {
    case undefined:
      return undefined;
    case "worktree":
      return deps.worktrees ? undefined : 'isolation: "worktree" is not available in this session.';
    case "remote":
      return deps.remote ? undefined : 'isolation: "remote" is not available in this session.';
  }
}

/** A subagent's run, and the worktree it left when that was kept. */
export type IsolatedRunResult = SubagentRunResult & {
  worktree?: { path: string; branch?: string };
};

/**
 * The parent's context as seen from another folder: that working folder, and the built-in
 * tools bound to it in place of the parent's of the same name (MCP tools stay the parent's).
 */
function contextIn(
  parent: ToolUseContext,
  cwd: string,
  folderTools: readonly AnyTool[],
): ToolUseContext {
  const own = new Map(folderTools.map((tool) => [tool.name, tool]));
  const tools = parent.options.tools.map((tool) => own.get(tool.name) ?? tool);
  return { ...parent, options: { ...parent.options, cwd, tools } };
}

/** The note the model gets about a worktree that was kept. */
function keptNote(end: Extract<WorktreeEnd, { kept: true }>): string {
  const branch = end.branch === undefined ? "" : ` on branch ${end.branch}`;
  return `The agent's worktree was kept at ${end.path}${branch}, since ${end.reason}.`;
}

/** Runs the agent in a fresh worktree, then removes it or keeps it and says where. */
async function inWorktree(
  deps: NonNullable<IsolationDeps["worktrees"]>,
  hooks: ToolUseContext["hooks"],
  runner: SubagentRunner,
  run: SubagentRunInput,
): Promise<IsolatedRunResult> {
  const cwd = run.parentContext.options.cwd;
  const worktreeDeps: AgentWorktreeDeps = {
    stateDir: deps.stateDir,
    ...(deps.git ? { git: deps.git } : {}),
    ...(deps.newName ? { newName: deps.newName } : {}),
    ...(hooks.worktree ? { hooks: hooks.worktree } : {}),
  };
  const worktree = await createAgentWorktree(cwd, worktreeDeps, run.signal);
  // Ended, failed or stopped: what the agent left decides whether the worktree stays.
  const finish = () => finishAgentWorktree(worktree, worktreeDeps, new AbortController().signal);
  let result: SubagentRunResult;
  try {
    const tools = deps.toolsInFolder(worktree.path);
    const parentContext = contextIn(run.parentContext, worktree.path, tools);
    result = await runner({ ...run, parentContext });
  } catch (error) {
    await finish();
    throw error;
  }
  const end = await finish();
  if (!end.kept) return result;
  const kept = { path: end.path, ...(end.branch === undefined ? {} : { branch: end.branch }) };
  return { ...result, text: `${result.text}\n\n${keptNote(end)}`.trim(), worktree: kept };
}

/** Runs a subagent where its isolation puts it (validation has refused what cannot run). */
export function runIsolated(
  isolation: Isolation | undefined,
  deps: IsolationDeps,
  runner: SubagentRunner,
  run: SubagentRunInput,
): Promise<IsolatedRunResult> {
  switch (isolation) {
    case undefined:
      return runner(run);
    case "worktree": {
      if (!deps.worktrees) throw new Error(isolationRefusal(isolation, deps));
      return inWorktree(deps.worktrees, run.parentContext.hooks, runner, run);
    }
    case "remote":
      throw new Error('an isolation: "remote" agent is submitted to the workers, not run here');
  }
}
