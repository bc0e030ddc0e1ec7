import { z } from "zod";

/** A command handler as settings files write it; unknown fields are kept and ignored. */
export const commandHookSchema = z.looseObject({
  type: z.literal("command"),
  command: z.string().min(1, "command must not be empty"),
  timeout: z.number().positive("timeout must be a positive number of seconds").optional(),
  if: z.string().optional(),
  shell: z.string().optional(),
  async: z.boolean().optional(),
  asyncRewake: z.boolean().optional(),
  statusMessage: z.string().optional(),
  once: z.boolean().optional(),
});

/** A matcher group before its handlers are checked one by one. */
export const matcherGroupSchema = z.looseObject({
  matcher: z.string().optional(),
  hooks: z.array(z.unknown()),
});

/** Any handler: only `type` is read first, to tell supported handlers from the rest. */
export const handlerTypeSchema = z.looseObject({ type: z.string() });

/** Claude Code handler types keel recognises but does not run. */
export const UNSUPPORTED_HANDLER_TYPES: ReadonlySet<string> = new Set([
  "prompt",
  "agent",
  "http",
  "mcp_tool",
]);
