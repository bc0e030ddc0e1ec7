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

/** Characters the model wrote for a block (a search's results come from the API, not the model). */
function outputChars(block: AssistantContentBlock): number {
  switch (block.type) {
    case "text":
      return block.text.length;
    case "thinking":
      return block.thinking.length;
    case "redacted_thinking":
      return block.data.length / 4;
    case "tool_use":
    case "server_tool_use":
      return block.name.length + JSON.stringify(block.input).length;
    case "web_search_tool_result":
      return 0;
  }
}

/** Output tokens of a response's blocks (at least 1, as the API never reports 0). */
export function estimateOutputTokens(blocks: readonly AssistantContentBlock[]): number {
  let chars = 0;
  for (const block of blocks) chars += outputChars(block);
  return Math.max(1, tokens(chars));
}

/** What the API's own tools did, as usage reports it. */
export interface ServerToolUsage {
  web_search_requests: number;
  web_fetch_requests?: number;
}

/** Usage as the scripted model reports it: the API's counts, and its tools' when any ran. */
export interface ResponseUsage extends Usage {
  server_tool_use?: ServerToolUsage;
}

function calls(blocks: readonly AssistantContentBlock[], name: string): number {
  return blocks.filter((b) => b.type === "server_tool_use" && b.name === name).length;
}

/** The server tools' counts: the scenario's, else the calls in the response; none when none ran. */
function serverToolUsage(
  override: UsageOverride["server_tool_use"],
  blocks: readonly AssistantContentBlock[],
): ServerToolUsage | undefined {
  const fetches = override?.web_fetch_requests ?? calls(blocks, "web_fetch");
  const counted: ServerToolUsage = {
    web_search_requests: override?.web_search_requests ?? calls(blocks, "web_search"),
    ...(fetches > 0 ? { web_fetch_requests: fetches } : {}),
  };
  const ran = blocks.some((b) => b.type === "server_tool_use");
  return override || ran ? counted : undefined;
}

/** A response's usage: the scenario's numbers where it gives them, the estimates otherwise. */
export function responseUsage(
  override: UsageOverride | undefined,
  inputTokens: number,
  blocks: readonly AssistantContentBlock[],
): ResponseUsage {
  const servers = serverToolUsage(override?.server_tool_use, blocks);
  return {
    input_tokens: override?.input_tokens ?? inputTokens,
    output_tokens: override?.output_tokens ?? estimateOutputTokens(blocks),
    cache_creation_input_tokens: override?.cache_creation_input_tokens ?? 0,
    cache_read_input_tokens: override?.cache_read_input_tokens ?? 0,
    ...(servers ? { server_tool_use: servers } : {}),
  };
}
