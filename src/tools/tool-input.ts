import type { AnyTool } from "./tool.js";
import { formatZodIssues } from "./tool-errors.js";

/** A tool input checked against the tool's schema. */
export type ParsedToolInput = { ok: true; data: unknown } | { ok: false; message: string };

/**
 * The last check of each input object, by tool: a call's input is checked when the executor
 * decides whether it may run beside others and again when it runs. Inputs are not changed
 * once a block is complete, so the object is the key.
 */
const lastChecks = new WeakMap<object, { tool: AnyTool; parsed: ParsedToolInput }>();

/** Checks an input against the tool's schema; a failure says which fields are wrong. */
export function parseToolInput(tool: AnyTool, input: unknown): ParsedToolInput {
  const key = typeof input === "object" && input !== null ? input : undefined;
  const last = key && lastChecks.get(key);
  if (last && last.tool === tool) return last.parsed;
  // reportInput keeps the offending value on each issue, so the message can name its type.
  const result = tool.inputSchema.safeParse(input, { reportInput: true });
  const parsed: ParsedToolInput = result.success
    ? { ok: true, data: result.data }
    : { ok: false, message: formatZodIssues(tool.name, result.error) };
  if (key) lastChecks.set(key, { tool, parsed });
  return parsed;
}

/** Whether a call may run beside other safe calls: its input parses and the tool says so. */
export function isConcurrencySafeCall(tool: AnyTool | undefined, input: unknown): boolean {
  if (!tool) return false;
  const parsed = parseToolInput(tool, input);
  if (!parsed.ok) return false;
  try {
    return Boolean(tool.isConcurrencySafe(parsed.data));
  } catch {
    return false;
  }
}

/** A parsed input as the record hooks and permission checks receive. */
export function inputRecord(input: unknown): Record<string, unknown> {
  if (typeof input === "object" && input !== null && !Array.isArray(input)) {
    return input as Record<string, unknown>;
  }
  return {};
}
