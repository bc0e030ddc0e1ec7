import type { AgentDefinition } from "../../../config/agent-definition.js";
import type { ToolCallContext } from "../../context.js";
import type { AgentProgress } from "../../subagent.js";
import { withoutUntrustedRunners } from "../agent/untrusted-agent.js";

/** What a `context: fork` skill's run gave back: only the subagent's final text. */
export interface ForkedSkillRun {
  agentType: string;
  result: string;
  isError: boolean;
}

/** What a forked run takes besides its body: the skill's hooks, the folder's trust. */
export type ForkExtras = Pick<ForkedSkillStart, "hooks" | "projectTrusted">;

/** A forked skill's start: its expanded body is the subagent's one prompt. */
interface ForkedSkillStart {
  skill: string;
  /** The agent type (`agent:`), general-purpose when the skill names none. */
  agentType: string;
  prompt: string;
  /** The skill's own hooks (checked): they run for its subagent only, after the agent's own. */
  hooks?: Readonly<Record<string, unknown>>;
  /**
   * False when the person did not trust the folder: a project agent file runs without its own
   * hooks and inline MCP servers, as the Agent tool runs it there.
   */
  projectTrusted?: boolean;
}

/**
 * Runs a `context: fork` skill as Claude Code does: its body becomes a subagent's prompt in a
 * fresh context, through the session's subagent runner (the Agent tool's path, so the same
 * permissions, hooks and cost), and only the final text comes back to the caller.
 */
export async function runForkedSkill(
  start: ForkedSkillStart,
  context: ToolCallContext,
  onProgress?: (progress: AgentProgress) => void,
): Promise<ForkedSkillRun> {
  const { agentDefinitions, runSubagent } = context.options;
  const found = agentDefinitions.find((d) => d.name === start.agentType);
  if (!found) {
    const known = agentDefinitions.map((d) => d.name).join(", ") || "none";
    throw new Error(
      `Skill ${start.skill} runs in agent "${start.agentType}", which this session does not have (agent types: ${known})`,
    );
  }
  if (!runSubagent) {
    throw new Error(`Skill ${start.skill} runs forked, and subagents are not available here`);
  }
  const definition = withoutUntrustedRunners(found, start.projectTrusted ?? true);
  const run = await runSubagent({
    definition: start.hooks ? withSkillHooks(definition, start.hooks) : definition,
    prompt: start.prompt,
    parentContext: context,
    toolUseId: context.toolUseId,
    signal: context.signal,
    ...(onProgress ? { onProgress } : {}),
  });
  return { agentType: definition.name, result: run.text, isError: run.isError };
}

/**
 * The agent definition with a forked skill's hooks after its own, event by event: the
 * subagent runs both for its life only (its Stop as SubagentStop, as an agent file's).
 */
function withSkillHooks(
  definition: AgentDefinition,
  hooks: Readonly<Record<string, unknown>>,
): AgentDefinition {
  const merged: Record<string, unknown> = { ...definition.hooks };
  for (const [event, groups] of Object.entries(hooks)) {
    const own = merged[event];
    // A broken entry of the agent's own stays as it is: its file's problem is told for it.
    if (own === undefined) merged[event] = groups;
    else if (Array.isArray(own) && Array.isArray(groups)) merged[event] = [...own, ...groups];
  }
  return { ...definition, hooks: merged };
}

/** The tool result the caller sees of a forked run (Claude Code's wording). */
export function forkedSkillResultText(skill: string, run: ForkedSkillRun): string {
  return `Skill "${skill}" completed (forked execution).\n\nResult:\n${run.result}`;
}
