import { z } from "zod";
import { newAgentNameProblem } from "../config/agent-markdown.js";
import type { ModelRequest, ModelResponse } from "../model/provider.js";
import { textOf } from "../protocol/content.js";
import { jsonObjectText } from "../protocol/json-object-text.js";
import type { SideModel } from "../tools/side-model.js";

/** What the model answers when asked to write an agent (Claude Code's three fields). */
const generatedAgentSchema = z.object({
  identifier: z.string().trim().min(1, "must not be empty"),
  whenToUse: z.string().trim().min(1, "must not be empty"),
  systemPrompt: z.string().trim().min(1, "must not be empty"),
});

/** An agent the model wrote: its name, when to use it, and its system prompt. */
type GeneratedAgent = z.infer<typeof generatedAgentSchema>;

/** What the person asked for, and the names the new agent must not take. */
export interface AgentGenerationRequest {
  description: string;
  existingNames: readonly string[];
}

/** The side request's instructions: keel's own words for what Claude Code's generator asks. */
const GENERATOR_SYSTEM_PROMPT = [
  "You write the configuration of a subagent for a coding agent, from what the user says the subagent should do.",
  "The subagent runs with its own context: it sees only the task the main agent hands it, works on it with its tools, and reports back once.",
  "Answer with one JSON object and nothing else, with these string fields:",
  '- "identifier": the agent\'s name: 2 to 4 lowercase words joined by hyphens (letters, digits and hyphens only, 3 to 50 characters), such as "code-reviewer" or "test-writer".',
  '- "whenToUse": when the main agent should start it, beginning with "Use this agent when"; the main agent reads this to choose it, so make the triggers concrete.',
  '- "systemPrompt": the subagent\'s whole system prompt, in the second person ("You are…"): its role, how it works step by step, what it checks before it finishes, and exactly what its final report contains.',
].join("\n");

/** The one side request that asks the session's model for an agent. */
function agentGenerationRequest(request: AgentGenerationRequest, model: string): ModelRequest {
  const taken = request.existingNames.length > 0 ? request.existingNames.join(", ") : "none";
  return {
    model,
    system: GENERATOR_SYSTEM_PROMPT,
    messages: [
      {
        role: "user",
        content: `Write the configuration of an agent for this request: ${JSON.stringify(request.description)}\n\nThese names are taken; do not use them: ${taken}\n\nAnswer with the JSON object only.`,
      },
    ],
    maxTokens: 8_000,
    kind: "side",
  };
}

function issuesText(error: z.ZodError): string {
  return error.issues
    .map((issue) => `${issue.path.join(".") || "the answer"}: ${issue.message}`)
    .join("; ");
}

/**
 * The agent in the model's answer: the JSON object in its text (fenced or not), checked field
 * by field, its identifier held to the rule /agents new applies.
 */
function readGeneratedAgent(
  response: ModelResponse,
): { ok: true; agent: GeneratedAgent } | { ok: false; problem: string } {
  const object = jsonObjectText(textOf(response.content));
  if (object === undefined) return { ok: false, problem: "the answer holds no JSON object" };
  let json: unknown;
  try {
    json = JSON.parse(object);
  } catch (error) {
    return { ok: false, problem: `the answer is not valid JSON (${(error as Error).message})` };
  }
  const parsed = generatedAgentSchema.safeParse(json);
  if (!parsed.success) return { ok: false, problem: issuesText(parsed.error) };
  const nameProblem = newAgentNameProblem(parsed.data.identifier);
  if (nameProblem) {
    return { ok: false, problem: `identifier "${parsed.data.identifier}": ${nameProblem}` };
  }
  return { ok: true, agent: parsed.data };
}

/** The model's agent, or what was wrong with its answer. */
export type GeneratedAgentAnswer = ReturnType<typeof readGeneratedAgent>;

/** Asks the session's model (one side request, metered with the session's) for an agent. */
export async function generateAgent(
  side: Pick<SideModel, "ask">,
  model: string,
  request: AgentGenerationRequest,
  signal: AbortSignal,
): Promise<GeneratedAgentAnswer> {
  return readGeneratedAgent(await side.ask(agentGenerationRequest(request, model), signal));
}
