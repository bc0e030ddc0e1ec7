import type { ScriptedServer } from "../../../src/model/scripted/server.js";

/** A tool_result block as a request carried it. */
export interface SentToolResult {
  tool_use_id: string;
  is_error?: boolean;
  content: unknown;
}

function isToolResult(block: unknown): block is SentToolResult & { type: "tool_result" } {
  return (
    typeof block === "object" &&
    block !== null &&
    (block as { type?: unknown }).type === "tool_result"
  );
}

/** The requests of the conversation itself (side requests, such as titles, left out). */
export function mainRequests(server: ScriptedServer): ScriptedServer["requests"] {
  return server.requests.filter((request) => request.kind === undefined || request.kind === "main");
}

/** Every tool_result the model was sent, in order, by the last main request (it holds them all). */
export function sentToolResults(server: ScriptedServer): SentToolResult[] {
  const last = mainRequests(server).at(-1)?.body as { messages?: Array<{ content?: unknown }> };
  return (last?.messages ?? []).flatMap((message) =>
    Array.isArray(message.content) ? message.content.filter(isToolResult) : [],
  );
}

/** A tool_result's text (its content string, or its text blocks joined). */
export function resultText(result: SentToolResult): string {
  if (typeof result.content === "string") return result.content;
  if (!Array.isArray(result.content)) return "";
  return result.content
    .map((part: { type?: string; text?: string }) =>
      part.type === "text" ? (part.text ?? "") : "",
    )
    .join("\n");
}
