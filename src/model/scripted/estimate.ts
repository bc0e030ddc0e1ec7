import type { AssistantContentBlock } from "../../protocol/content.js";
import type { Usage } from "../../protocol/usage.js";
import type { UsageOverride } from "./scenario.js";

/** About four characters per token: close enough for budgets and context-window tests. */
const CHARS_PER_TOKEN = 4;

function tokens(chars: number): number {
  return Math.ceil(chars / CHARS_PER_TOKEN);
}

/** Input tokens of a request body: its system prompt, messages and tools. */
export function estimateInputTokens(body: unknown): number {
  const fields = (body && typeof body === "object" ? body : {}) as Record<string, unknown>;
  const counted = JSON.stringify([fields.system ?? "", fields.messages ?? [], fields.tools ?? []]);
  return Math.max(1, tokens(counted.length));
}

/** Output tokens of a response's blocks (at least 1, as the API never reports 0). */
export function estimateOutputTokens(blocks: readonly AssistantContentBlock[]): number {
  let chars = 0;
  for (const block of blocks) {
    if (block.type === "text") chars += block.text.length;
    else if (block.type === "thinking") chars += block.thinking.length;
    else if (block.type === "redacted_thinking") chars += block.data.length / 4;
    else chars += block.name.length + JSON.stringify(block.input).length;
  }
  return Math.max(1, tokens(chars));
}

/** A response's usage: the scenario's numbers where it gives them, the estimates otherwise. */
export function responseUsage(
  override: UsageOverride | undefined,
  inputTokens: number,
  blocks: readonly AssistantContentBlock[],
): Usage {
  return {
    input_tokens: override?.input_tokens ?? inputTokens,
    output_tokens: override?.output_tokens ?? estimateOutputTokens(blocks),
    cache_creation_input_tokens: override?.cache_creation_input_tokens ?? 0,
    cache_read_input_tokens: override?.cache_read_input_tokens ?? 0,
  };
}
