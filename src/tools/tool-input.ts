import type { AnyTool } from "./tool.js";
import { formatZodIssues } from "./tool-errors.js";

/** A tool input checked against the tool's schema. */
export type ParsedToolInput = { ok: true; data: unknown } | { ok: false; message: string };

/** Checks an input against the tool's schema; a failure says which fields are wrong. */
export function parseToolInput(tool: AnyTool, input: unknown): ParsedToolInput {
  // reportInput keeps the offending value on each issue, so the message can name its type.
  const result = tool.inputSchema.safeParse(input, { reportInput: true });
  if (result.success) return { ok: true, data: result.data };
  return { ok: false, message: formatZodIssues(tool.name, result.error) };
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
