import { homedir } from "node:os";
import type { AgentDefinition } from "../../../config/agent-definition.js";
import { emptyUsage } from "../../../protocol/usage.js";
import type { Tool } from "../../tool.js";
import { type AgentMcpStarter, withAgentServers } from "./agent-mcp.js";
import { withAgentMemory } from "./agent-memory.js";
import { type SkillPreloader, withPreloadedSkills } from "./agent-skills.js";
import type { BackgroundAgentLauncher } from "./background.js";
import { agentDescription } from "./description.js";
import { type IsolationDeps, isolationOf, isolationRefusal, runIsolated } from "./isolation.js";
import { unknownModelAlias, withCallOverrides } from "./model-override.js";
import { withAgentMode } from "./permission-mode.js";
import { remoteAgentRefusal, startRemoteAgent } from "./remote-isolation.js";
import { resolveAgentCall } from "./resolve.js";
import { mapAgentResult } from "./result.js";
import { runsInBackground } from "./run-mode.js";
import { type AgentInput, type AgentOutput, agentInputSchema } from "./schema.js";
import { spawnTeammate, teammateSpawnerFor } from "./teammate-spawn.js";
import { withoutUntrustedRunners } from "./untrusted-agent.js";

/** The Agent tool's name (Claude Code's); subagents never get it, so agents do not nest. */
export const AGENT_TOOL_NAME = "Agent";

/** An error the pipeline reports as an interrupted call. */
function interrupted(): Error {
  const error = new Error("The agent was interrupted.");
  error.name = "AbortError";
  return error;
}

/** What the Agent tool can be given. */
export interface AgentToolOptions {
  /**
   * Starts agents in the background (the default); without it agents run in the foreground
   * and calls that ask for the background (run_in_background: true) are refused.
   */
  launchBackground?: BackgroundAgentLauncher;
  /** What `isolation` needs; a kind the session cannot provide is refused. */
  isolation?: IsolationDeps;
  /**
   * Whether the person trusted the project folder (default true, as print mode does); if
   * not, a project agent's permissionMode may only narrow the session's mode.
   */
  projectTrusted?: boolean;
  /** The home folder, where user agents' memory folders are (default the process's). */
  home?: string;
  /** Expands the session's skills an agent's `skills` preloads (none: nothing is preloaded). */
  preloadSkill?: SkillPreloader;
  /** Starts an agent's inline MCP servers for its run (none: they are not started). */
  startMcpServers?: AgentMcpStarter;
}

/**
 * The agent types a tool can start: a fixed list, or the session's list now (agent files
 * re-read mid-session: /agents new, edit, delete).
 */
type AgentDefinitionsSource = readonly AgentDefinition[] | (() => readonly AgentDefinition[]);

/** The description for the list now, made again only when the list changed. */
function describedAgents(list: () => readonly AgentDefinition[]): () => string {
  let described: readonly AgentDefinition[] | undefined;
  let text = "";
  return () => {
    const now = list();
    if (now !== described) {
      described = now;
      text = agentDescription(now);
    }
    return text;
  };
}

/**
 * Creates the Agent tool (alias Task) for the given agent definitions: it starts a subagent
 * through the runner in its context and returns the subagent's final text. The definitions
 * are given here because the description lists them; given as a function, each request's
 * description and each call see the list as it is then.
 */
export function createAgentTool(
  source: AgentDefinitionsSource,
  options: AgentToolOptions = {},
): Tool<AgentInput, AgentOutput> {
  const list = typeof source === "function" ? source : () => source;
  const description = describedAgents(list);
  return {
    name: AGENT_TOOL_NAME,
    aliases: ["Task"],
    get description() {
      return description();
    },
    inputSchema: agentInputSchema,
    maxResultSizeChars: 100_000,
    isReadOnly: () => false,
    // Several agents may run at once; each one's tools ask for permission themselves.
    isConcurrencySafe: () => true,
    async validateInput(input, context) {
      if (input.run_in_background === true && !options.launchBackground) {
        return { ok: false, message: "Agents cannot run in the background in this session." };
      }
      const badModel = unknownModelAlias(input.model);
      if (badModel !== undefined) return { ok: false, message: badModel };
      const resolved = resolveAgentCall(input, context, list());
      if (!resolved.ok) return { ok: false, message: resolved.message };
      const isolation = isolationOf(input, resolved.definition);
      const refused =
        isolationRefusal(isolation, options.isolation ?? {}) ??
        remoteAgentRefusal(isolation, resolved.definition);
      return refused === undefined ? { ok: true } : { ok: false, message: refused };
    },
    checkPermissions: async () => ({ behavior: "allow" }),
    async call(input, context, onProgress) {
      const resolved = resolveAgentCall(input, context, list());
      if (!resolved.ok) throw new Error(resolved.message);
      const home = options.home ?? homedir();
      const places = { cwd: context.options.cwd, home };
      const trusted = options.projectTrusted ?? true;
      const definition = await withAgentMemory(
        withoutUntrustedRunners(withCallOverrides(resolved.definition, input), trusted),
        places,
      );
      const spawner = teammateSpawnerFor(input, context);
      if (spawner && input.name !== undefined) {
        const named = { ...input, name: input.name };
        return { data: await spawnTeammate(spawner, named, definition, context) };
      }
      const isolation = isolationOf(input, definition);
      const remote = options.isolation?.remote;
      if (isolation === "remote" && remote) {
        return { data: await startRemoteAgent(input, context, remote) };
      }
      const place = withAgentServers(
        (run: Parameters<typeof resolved.runner>[0]) =>
          runIsolated(isolation, options.isolation ?? {}, resolved.runner, run),
        options.startMcpServers,
      );
      const prompt = await withPreloadedSkills(
        input.prompt,
        definition.skills,
        options.preloadSkill,
        context.signal,
      );
      const base = {
        definition,
        prompt,
        parentContext: withAgentMode(context, definition, options.projectTrusted ?? true),
        toolUseId: context.toolUseId,
      };
      const named = input.name === undefined ? {} : { name: input.name };
      const launch = options.launchBackground;
      if (launch && runsInBackground(input, definition, true)) {
        const task = await launch({
          description: input.description,
          prompt: input.prompt,
          agentType: definition.name,
          ...named,
          // Resumed by SendMessage: its message is the new turn of the kept conversation.
          run: (signal, onProgress, continuation, message) =>
            place({
              ...base,
              signal,
              onProgress,
              ...(continuation ? { continuation } : {}),
              ...(message === undefined ? {} : { prompt: message }),
            }),
        });
        return { data: { ...startedInBackground(definition.name), ...named, background: task } };
      }
      const run = await place({
        ...base,
        signal: context.signal,
        onProgress: withAgentColour(onProgress, definition.color),
      });
      if (context.signal.aborted) throw interrupted();
      const { worktree, ...rest } = run;
      return {
        data: { agentType: definition.name, ...named, ...rest, ...(worktree ? { worktree } : {}) },
      };
    },
    mapToolResult: mapAgentResult,
  };
}

/** The progress reports of an agent, each naming its colour when its definition has one. */
function withAgentColour<P extends { type: string }>(
  onProgress: ((progress: P) => void) | undefined,
  color: string | undefined,
): ((progress: P) => void) | undefined {
  if (!onProgress || color === undefined) return onProgress;
  return (progress) =>
    onProgress(progress.type === "agent_progress" ? { ...progress, color } : progress);
}

/** The output of a call that only started an agent: no turns, no usage yet. */
function startedInBackground(agentType: string): AgentOutput {
  return {
    agentType,
    text: "",
    isError: false,
    turns: 0,
    usage: emptyUsage(),
    terminalReason: "background",
  };
}
