import { z } from "zod";

/**
 * The parts of a `chat.completion.chunk` keel reads, validated where the data enters. Lenient
 * on purpose: compatible servers add fields (`timings`, `system_fingerprint`, …), send `null`
 * where OpenAI omits a field, leave out `index`, or send tool arguments as an object.
 */

const text = z.string().nullish();
const count = z.number().nonnegative().nullish();

const toolCallFragment = z.object({
  index: z.number().int().nonnegative().nullish(),
  id: z.string().nullish(),
  type: z.string().nullish(),
  function: z
    .object({
      name: text,
      arguments: z.union([z.string(), z.record(z.string(), z.unknown())]).nullish(),
    })
    .nullish(),
});

const delta = z.object({
  role: z.string().nullish(),
  content: text,
  refusal: text,
  /** DeepSeek, llama.cpp, vLLM. */
  reasoning_content: text,
  /** Ollama, newer vLLM. */
  reasoning: text,
  tool_calls: z.array(toolCallFragment).nullish(),
});

const choice = z.object({
  index: z.number().int().nonnegative().nullish(),
  delta: delta.nullish(),
  finish_reason: z.string().nullish(),
});

const usage = z.object({
  prompt_tokens: count,
  completion_tokens: count,
  prompt_tokens_details: z.object({ cached_tokens: count }).nullish(),
});

/** One streamed chat-completion chunk, as far as keel reads it. */
export const chunkSchema = z.object({
  id: z.string().nullish(),
  model: z.string().nullish(),
  choices: z.array(choice).nullish(),
  usage: usage.nullish(),
});

/** A validated chunk. */
export type Chunk = z.infer<typeof chunkSchema>;
/** A validated choice delta. */
export type ChunkDelta = z.infer<typeof delta>;
/** One validated tool-call fragment. */
export type ToolCallFragment = z.infer<typeof toolCallFragment>;
/** Validated usage. */
export type ChunkUsage = z.infer<typeof usage>;
