import { z } from "zod";
import { thinkingFields } from "../anthropic/thinking-fields.js";
import type { ModelRequest } from "../provider.js";
import type { RequestFacts } from "./turns.js";

const looseBlock = z.looseObject({ type: z.string() });

/** A content block of a request, as far as the scripted model needs its shape. */
export type LooseBlock = z.output<typeof looseBlock>;

/**
 * The shape of a Messages API request body, loosely: the fields the validator and the turn
 * rules read, with everything else passed through.
 */
export const requestBodySchema = z.looseObject({
  model: z.string(),
  max_tokens: z.number(),
  messages: z.array(
    z.looseObject({
      role: z.enum(["user", "assistant"]),
      content: z.union([z.string(), z.array(looseBlock)]),
    }),
  ),
  system: z.union([z.string(), z.array(looseBlock)]).optional(),
  tools: z.array(z.looseObject({})).optional(),
  thinking: z.looseObject({ type: z.string() }).optional(),
  stream: z.boolean().optional(),
});

/** A request body that has the expected shape. */
export type RequestBody = z.output<typeof requestBodySchema>;

function record(value: unknown): Record<string, unknown> | undefined {
  return value && typeof value === "object" && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

/** The system prompt's text, whatever its form (blocks joined by newlines). */
export function systemTextOf(system: unknown): string {
  if (typeof system === "string") return system;
  if (!Array.isArray(system)) return "";
  return system
    .map((block) => record(block)?.text)
    .filter((text): text is string => typeof text === "string")
    .join("\n");
}

/** Who sent a request and what for: keel's headers (or the ModelRequest's fields). */
export interface RequestLabels {
  requestKind?: string;
  agent?: string;
}

/** What the turn rules need, read tolerantly from any body (validation may be off). */
export function factsFromBody(body: unknown, labels: RequestLabels): RequestFacts {
  const fields = record(body);
  const messages = Array.isArray(fields?.messages) ? fields.messages : [];
  return {
    assistantMessages: messages.filter((m) => record(m)?.role === "assistant").length,
    systemText: systemTextOf(fields?.system),
    ...(labels.requestKind === undefined ? {} : { requestKind: labels.requestKind }),
    ...(labels.agent === undefined ? {} : { agent: labels.agent }),
  };
}

/** The Messages API body a ModelRequest stands for (what an HTTP provider would send). */
export function toRequestBody(request: ModelRequest): Record<string, unknown> {
  return {
    model: request.model,
    max_tokens: request.maxTokens,
    messages: request.messages,
    ...(request.system === undefined ? {} : { system: request.system }),
    ...(request.tools === undefined && request.serverTools === undefined
      ? {}
      : { tools: [...(request.tools ?? []), ...(request.serverTools ?? [])] }),
    ...thinkingFields(request),
    ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
    ...(request.stopSequences === undefined ? {} : { stop_sequences: request.stopSequences }),
    stream: true,
  };
}
