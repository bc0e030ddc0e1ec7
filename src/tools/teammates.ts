import type { AgentDefinition } from "../config/agent-definition.js";
import type { Message } from "../protocol/messages.js";
import type { Usage } from "../protocol/usage.js";
import type { PermissionMode, ToolUseContext } from "./context.js";
import type { AnyTool } from "./tool.js";

/** What the Agent tool asks for when a named call makes a teammate (agent teams on). */
export interface TeammateSpawnRequest {
  definition: AgentDefinition;
  /** The teammate's name in the team (the Agent call's `name`). */
  name: string;
  /** Its first instructions. */
  prompt: string;
  /** The Agent call's short label. */
  description: string;
  /** The turn that spawned it: its tools, permissions, hooks and model are the teammate's start. */
  parentContext: ToolUseContext;
}

/** A teammate that was spawned: Claude Code's `teammate_spawned` fields. */
export interface SpawnedTeammate {
  teammateId: string;
  agentId: string;
  agentType: string;
  model: string;
  name: string;
  color: string;
  teamName: string;
}

/** Spawns a teammate in the session's team (the session's team runtime implements it). */
export type TeammateSpawner = (request: TeammateSpawnRequest) => Promise<SpawnedTeammate>;

/** What TaskStop did to a teammate (named by its agent id, its name or its task id). */
export interface TeammateStopOutcome {
  /** Its status after the stop (killed, or how it had ended). */
  state: {
    type: "in_process_teammate";
    id: string;
    name: string;
    status: "completed" | "failed" | "killed";
  };
  /** Stopped now, or it had already ended. */
  outcome: "stopped" | "ended";
}

/** Stops a teammate for TaskStop; undefined when no teammate has that id or name. */
export type TeammateStopper = (idOrName: string) => Promise<TeammateStopOutcome | undefined>;

/** Who a teammate's conversation is and what it starts from. */
export interface TeammateConversationInput {
  definition: AgentDefinition;
  parentContext: ToolUseContext;
  /** `name@team`: its permission requests and hooks name it. */
  agentId: string;
  /** Its name: its requests carry it (x-keel-agent), so a scenario scripts each teammate. */
  agentName: string;
  /** Appended to its system prompt (how to talk to the team). */
  systemPromptAddendum: string;
  /** Context for its first request (the Team Coordination reminder). */
  teamReminder: string;
  /** Its permission mode now (its own: inherited at spawn, changed by plan approval). */
  permissionMode: () => PermissionMode;
  setPermissionMode: (mode: PermissionMode) => void;
  /** Its own versions of session tools (a plan-mode teammate's ExitPlanMode asks the lead). */
  adjustTools?: (tools: readonly AnyTool[]) => AnyTool[];
  /** Its conversation so far, when it comes back with a resumed session (already repaired). */
  history?: readonly Message[];
  /** Told of each message of its conversation as it is kept (its task's output). */
  onMessage?: (message: Message) => void;
  /** Stops the teammate for good (its turns end as interrupted). */
  signal: AbortSignal;
}

/** How one of a teammate's turns ended. */
export interface TeammateTurnOutcome {
  /** Its last text (teammates' text is seen by no one but their transcript). */
  text: string;
  /** The turn ended on an API error (after retries): the teammate fails with this text. */
  apiError: boolean;
  /** The loop's terminal reason. */
  terminalReason: string;
  /** The messages this turn added to the teammate's conversation. */
  messages: readonly Message[];
  /** Tokens of this turn's requests. */
  usage: Usage;
}

/** A teammate's own conversation, one turn at a time, its history kept between turns. */
export interface TeammateConversation {
  runTurn(prompt: string): Promise<TeammateTurnOutcome>;
  /** Closes its transcript. */
  close(): void;
}

/** Opens a teammate's conversation (the session layer implements it, so tools/ never imports loop/). */
export type TeammateConversationFactory = (
  input: TeammateConversationInput,
) => TeammateConversation;
