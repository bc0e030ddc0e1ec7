import { z } from "zod";
import { contentBlockSchema, contentSchema } from "./content-schema.js";

/** The envelope as read: loose, since older lines and Claude Code's own carry more or less. */
const envelopeShape = {
  uuid: z.string(),
  timestamp: z.string(),
  parentUuid: z.string().nullable().default(null),
  logicalParentUuid: z.string().nullable().optional(),
  isSidechain: z.boolean().default(false),
  userType: z.string().optional(),
  cwd: z.string().optional(),
  sessionId: z.string().optional(),
  version: z.string().optional(),
  gitBranch: z.string().optional(),
  agentId: z.string().optional(),
};

/** Cache counts older lines may lack or hold as null; keel's Usage has them as numbers. */
const zeroIfMissing = z
  .number()
  .nullish()
  .transform((value) => value ?? 0);

const usageSchema = z.looseObject({
  input_tokens: z.number(),
  output_tokens: z.number(),
  cache_creation_input_tokens: zeroIfMissing,
  cache_read_input_tokens: zeroIfMissing,
});

const userLine = z.looseObject({
  ...envelopeShape,
  type: z.literal("user"),
  message: z.looseObject({ role: z.literal("user"), content: contentSchema }),
  isMeta: z.boolean().optional(),
  sourceToolAssistantUUID: z.string().optional(),
  isCompactSummary: z.boolean().optional(),
});

const assistantLine = z.looseObject({
  ...envelopeShape,
  type: z.literal("assistant"),
  message: z.looseObject({
    id: z.string(),
    model: z.string(),
    role: z.literal("assistant"),
    content: z.array(contentBlockSchema),
    stop_reason: z.string().nullable(),
    stop_sequence: z.string().nullable().default(null),
    usage: usageSchema,
  }),
  isApiErrorMessage: z.boolean().optional(),
});

const attachmentLine = z.looseObject({
  ...envelopeShape,
  type: z.literal("attachment"),
  attachment: z.looseObject({ type: z.string() }),
});

/** The system subtypes keel reads fields of; other subtypes pass with just their name checked. */
const knownSystemPayloads: Readonly<Record<string, z.ZodType>> = {
  compact_boundary: z.looseObject({
    compactMetadata: z.looseObject({ trigger: z.enum(["manual", "auto"]), preTokens: z.number() }),
  }),
  transition: z.looseObject({
    transition: z.looseObject({ kind: z.enum(["continue", "terminal"]), reason: z.string() }),
    turnCount: z.number(),
  }),
};

const systemLine = z
  .looseObject({ ...envelopeShape, type: z.literal("system"), subtype: z.string() })
  .superRefine((line, ctx) => {
    const result = knownSystemPayloads[line.subtype]?.safeParse(line);
    if (!result || result.success) return;
    for (const issue of result.error.issues) {
      ctx.addIssue({ code: "custom", message: issue.message, path: issue.path });
    }
  });

/** A transcript line that holds a conversation message, with its envelope. */
export const messageLineSchema = z.discriminatedUnion("type", [
  userLine,
  assistantLine,
  attachmentLine,
  systemLine,
]);

/** Any other transcript line: bookkeeping keel may not know, kept with its type. */
export const recordLineSchema = z.looseObject({ type: z.string() });
