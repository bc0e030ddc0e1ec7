import type { ModelRequest } from "../model/provider.js";
import { textOf } from "../protocol/content.js";
import type { CallModel, ToolRoundSummaryInput } from "./params.js";

const SYSTEM = `You label a batch of tool calls for someone watching an agent work. Answer with one short past-tense label of at most 30 characters, like a git commit subject: "Searched in auth/", "Read config.json", "Fixed NPE in UserService". No quotes, no trailing period.`;

function clip(value: unknown, max = 300): string {
  const text = typeof value === "string" ? value : (JSON.stringify(value) ?? "");
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/**
 * A one-line label for a tool round from a small model (a side request of kind "summary").
 * Resolves null on any failure: the label is a courtesy, never fed back to the model.
 */
export function createToolRoundSummarizer(callModel: CallModel, model: string) {
  return async (input: ToolRoundSummaryInput, signal: AbortSignal): Promise<string | null> => {
    const intent = input.lastAssistantText
      ? `User's intent (from the assistant's last message): ${input.lastAssistantText.slice(0, 200)}\n\n`
      : "";
    const tools = input.tools
      .map((t) => `Tool: ${t.name}\nInput: ${clip(t.input)}\nOutput: ${clip(t.output)}`)
      .join("\n\n");
    const request: ModelRequest = {
      model,
      system: SYSTEM,
      messages: [{ role: "user", content: `${intent}Tools completed:\n\n${tools}\n\nLabel:` }],
      maxTokens: 64,
      kind: "summary",
    };
    try {
      let label = "";
      // A label is a courtesy: one retry at most, never a long wait.
      for await (const event of callModel(request, signal, {
        hasFallbackModel: false,
        maxRetries: 1,
      })) {
        if (event.type === "response") label = textOf(event.response.content).trim();
      }
      return label === "" ? null : label;
    } catch {
      return null;
    }
  };
}
