import { z } from "zod";
import { AGENT_NAME } from "../../../config/agent-file.js";
import { EFFORT_LEVELS } from "../../../protocol/api.js";
import type { Usage } from "../../../protocol/usage.js";
import { AGENT_MODEL_ALIASES } from "./model-override.js";
import type { RemoteAgentHandle } from "./remote-isolation.js";

/** The subagent type used when the model names none. */
export const DEFAULT_SUBAGENT_TYPE = "general-purpose";

/** Where an agent may run apart from the session's folder (Claude Code's `isolation`). */
const ISOLATION_KINDS = ["worktree", "remote"] as const;

/** Permission modes the deprecated `mode` field names (accepted, ignored, as in Claude Code). */
const DEPRECATED_MODES = [
  "acceptEdits",
  "auto",
  "bypassPermissions",
  "default",
  "dontAsk",
  "plan",
] as const;

/** Agent's input: Claude Code 2.1.332's `AgentInput` (sdk-tools.d.ts), field for field. */
export const agentInputSchema = z.strictObject({
  description: z
    .string()
    .describe("A short label for the task (3-5 words), shown to the user while the agent works"),
  prompt: z
    .string()
    .min(1)
    .describe(
      "The task for the agent, complete and self-contained: the agent does not see this conversation",
    ),
  subagent_type: z
    .string()
    .optional()
    .describe(`Which kind of agent does the task; "${DEFAULT_SUBAGENT_TYPE}" when left out`),
  model: z
    .enum(AGENT_MODEL_ALIASES)
    .optional()
    .describe(
      "Optional model for this agent; wins over the agent definition's model. Left out: the definition's model, else yours",
    ),
  effort: z
    .enum(EFFORT_LEVELS)
    .optional()
    .describe(
      "Reasoning effort for this agent. Set it only when the user or the instructions (CLAUDE.md, a skill) ask for a specific effort for delegated work; otherwise leave it out and the agent runs at its usual effort",
    ),
  run_in_background: z
    .boolean()
    .optional()
    .describe(
      "Agents run in the background by default; you are notified when one ends. Set false only when your very next action depends on this agent's result and nothing else could usefully happen while it runs",
    ),
  name: z
    .string()
    .regex(AGENT_NAME, "use letters, digits, - and _ (at most 64 characters)")
    .optional()
    .describe(
      "A name for the agent, shown with its task and its result. Makes a background agent addressable: SendMessage({to: name}) continues it, where SendMessage is offered",
    ),
  team_name: z.string().optional().describe("Deprecated; ignored."),
  mode: z.enum(DEPRECATED_MODES).optional().describe("Deprecated; ignored."),
  isolation: z
    .enum(ISOLATION_KINDS)
    .optional()
    .describe(
      '"worktree" runs the agent in a fresh git worktree of the repository, an isolated copy: removed at the end when the agent changed nothing, kept (its path and branch in the result) otherwise',
    ),
});

/** A validated Agent input. */
export type AgentInput = z.infer<typeof agentInputSchema>;

/** A worktree an agent ran in and that was kept because the agent left changes there. */
interface KeptWorktree {
  path: string;
  branch?: string;
}

/** What a subagent's run gave back, for the model and the UI. */
export interface AgentOutput {
  agentType: string;
  /** The `name` the call gave the agent. */
  name?: string;
  /** The subagent's final text (or the error that ended it). */
  text: string;
  isError: boolean;
  turns: number;
  usage: Usage;
  terminalReason: string;
  /** Set when the agent was started in the background: the task it became. */
  background?: { taskId: string; outputFile: string };
  /** The worktree it ran in, when it was kept. */
  worktree?: KeptWorktree;
  /** Set when the agent was sent to the remote workers: the remote task it became. */
  remote?: RemoteAgentHandle;
  /** Set when the call spawned a teammate (agent teams): Claude Code's `teammate_spawned`. */
  teammate?: {
    status: "teammate_spawned";
    teammate_id: string;
    agent_id: string;
    agent_type: string;
    model: string;
    name: string;
    color: string;
    team_name: string;
  };
}
