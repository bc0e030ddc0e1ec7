import { withCacheBreakpoints } from "../../src/model/anthropic/cache-breakpoints.js";
import type { ModelRequest } from "../../src/model/provider.js";

/** A Messages request body, as far as taking a prompt off it needs. */
export interface PromptedBody {
  messages: Array<{ role: string; content: string | Array<Record<string, unknown>> }>;
  [field: string]: unknown;
}

/**
 * The body less the prompt the person typed last: its text block taken off the last user
 * message (the message dropped when nothing else is left in it). What the request held before
 * that prompt was typed, which is what `/context` counts.
 */
export function withoutPrompt(body: PromptedBody, prompt: string): PromptedBody {
  const messages = body.messages.slice(0, -1);
  const last = body.messages.at(-1);
  if (last?.role !== "user") throw new Error("the body does not end with a user message");
  const blocks = typeof last.content === "string" ? [] : last.content;
  const index = blocks.findIndex((b) => b.type === "text" && b.text === prompt);
  if (typeof last.content === "string" ? last.content !== prompt : index < 0) {
    throw new Error(`the last user message does not hold the prompt ${JSON.stringify(prompt)}`);
  }
  const rest = blocks.filter((_, i) => i !== index);
  if (rest.length > 0) messages.push({ role: "user", content: rest });
  return { ...body, messages };
}

/**
 * What the scripted server at `url` counts for a body keel's Anthropic provider sent, less its
 * prompt: the prompt taken off, the message-level cache breakpoint moved to the new last
 * message as the provider places it.
 */
export async function countedBefore(
  url: string,
  body: PromptedBody,
  prompt: string,
): Promise<number> {
  const taken = withoutPrompt(body, prompt) as unknown as ModelRequest;
  const placed = withCacheBreakpoints({ ...taken, maxTokens: 1, kind: "main" });
  const response = await fetch(`${url}/v1/messages/count_tokens`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      model: body.model,
      system: placed.system,
      messages: placed.messages,
      tools: placed.tools,
    }),
  });
  return ((await response.json()) as { input_tokens: number }).input_tokens;
}
