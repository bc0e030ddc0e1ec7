import { z } from "zod";

const textBlock = z.looseObject({ type: z.literal("text"), text: z.string() });
const thinkingBlock = z.looseObject({
  type: z.literal("thinking"),
  thinking: z.string(),
  signature: z.string(),
});
const redactedThinkingBlock = z.looseObject({
  type: z.literal("redacted_thinking"),
  data: z.string(),
});
const toolUseBlock = z.looseObject({
  type: z.literal("tool_use"),
  id: z.string(),
  name: z.string(),
  input: z.record(z.string(), z.unknown()),
});
const toolResultBlock = z.looseObject({
  type: z.literal("tool_result"),
  tool_use_id: z.string(),
  content: z.union([z.string(), z.array(z.looseObject({ type: z.string() }))]).optional(),
  is_error: z.boolean().optional(),
});

/** The blocks keel reads fields of; their shape is checked. Other block types pass as they are. */
const knownBlocks: Readonly<Record<string, z.ZodType>> = {
  text: textBlock,
  thinking: thinkingBlock,
  redacted_thinking: redactedThinkingBlock,
  tool_use: toolUseBlock,
  tool_result: toolResultBlock,
};

/** A content block read from a transcript: any typed object, checked in full when keel knows its type. */
export const contentBlockSchema = z.looseObject({ type: z.string() }).superRefine((block, ctx) => {
  const schema = knownBlocks[block.type];
  const result = schema?.safeParse(block);
  if (!result || result.success) return;
  for (const issue of result.error.issues) {
    ctx.addIssue({ code: "custom", message: issue.message, path: issue.path });
  }
});

/** Message content read from a transcript: plain text or a list of blocks. */
export const contentSchema = z.union([z.string(), z.array(contentBlockSchema)]);
