import { z } from "zod";
import type { Usage } from "../../../protocol/usage.js";
import { AGENT_MODEL_ALIASES } from "./model-override.js";

/** The subagent type used when the model names none. */
export const DEFAULT_SUBAGENT_TYPE = "general-purpose";

/** Agent's input (Claude Code's field names). */
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
  run_in_background: z
    .boolean()
    .optional()
    .describe(
      "Set to true to run the agent in the background: you get its task id at once and are notified when it ends",
    ),
});

/** A validated Agent input. */
export type AgentInput = z.infer<typeof agentInputSchema>;

/** What a subagent's run gave back, for the model and the UI. */
export interface AgentOutput {
  agentType: string;
  /** The subagent's final text (or the error that ended it). */
  text: string;
  isError: boolean;
  turns: number;
  usage: Usage;
  terminalReason: string;
  /** Set when the agent was started in the background: the task it became. */
  background?: { taskId: string; outputFile: string };
}
