import type { z } from "zod";

/** Shown when the user interrupts a turn (programs match on this exact text). */
export const INTERRUPT_MESSAGE = "[Request interrupted by user]";

/** Shown when the user interrupts while tools run (programs match on this exact text). */
export const INTERRUPT_MESSAGE_FOR_TOOL_USE = "[Request interrupted by user for tool use]";

/** The tool result of a call that was about to start when the turn had already been aborted. */
export const CANCEL_MESSAGE =
  "The user doesn't want to take this action right now. STOP what you are doing and wait for the user to tell you how to proceed.";

const REJECT_LEAD =
  "The user doesn't want to proceed with this tool use. The tool use was rejected (eg. if it was a file edit, the new_string was NOT written to the file).";

/** The tool result of a call a person rejected without saying why. */
export const REJECT_MESSAGE = `${REJECT_LEAD} STOP what you are doing and wait for the user to tell you how to proceed.`;

/** The tool result of a call a person rejected, carrying what they said instead. */
export function rejectMessageWithFeedback(feedback: string): string {
  return `${REJECT_LEAD} To tell you how to proceed, the user said:\n${feedback}`;
}

/** Stands in for a tool result that went missing (pairing repair before an API call). */
export const SYNTHETIC_TOOL_RESULT_PLACEHOLDER = "[Tool result missing due to internal error]";

/** Wraps a pipeline error the way the model has been trained to recognise it. */
export function toolUseError(text: string): string {
  return `<tool_use_error>${text}</tool_use_error>`;
}

const MAX_ERROR_CHARS = 10_000;
const KEPT_HALF = 5_000;

/** True for the error an aborted operation throws (DOMException or Node's AbortError). */
export function isAbortError(error: unknown): boolean {
  return error instanceof Error && error.name === "AbortError";
}

function stringField(error: object, key: string): string | undefined {
  const value = (error as Record<string, unknown>)[key];
  return typeof value === "string" ? value : undefined;
}

/** The lines that describe a thrown error: exit code or message, then stderr and stdout. */
function errorParts(error: Error): string[] {
  const exitCode = (error as unknown as Record<string, unknown>).exitCode;
  const head = typeof exitCode === "number" ? `Exit code ${exitCode}` : error.message;
  const interrupted = (error as unknown as Record<string, unknown>).interrupted === true;
  return [
    head,
    interrupted ? INTERRUPT_MESSAGE_FOR_TOOL_USE : "",
    stringField(error, "stderr") ?? "",
    stringField(error, "stdout") ?? "",
  ];
}

/** Keeps a long error readable: the start and the end (errors are usually at the end). */
function truncateMiddle(text: string): string {
  if (text.length <= MAX_ERROR_CHARS) return text;
  const cut = text.length - MAX_ERROR_CHARS;
  return `${text.slice(0, KEPT_HALF)}\n\n... [${cut} characters truncated] ...\n\n${text.slice(-KEPT_HALF)}`;
}

/** The tool result text for an error a tool threw (message, exit code, stderr, stdout). */
export function formatToolError(error: unknown): string {
  if (isAbortError(error)) return (error as Error).message || INTERRUPT_MESSAGE_FOR_TOOL_USE;
  const parts = error instanceof Error ? errorParts(error) : [String(error)];
  const text = parts
    .filter((part) => part.length > 0)
    .join("\n")
    .trim();
  return truncateMiddle(text || "Command failed with no output");
}

/** Renders an issue path the way the model writes it: `todos[0].activeForm`. */
function formatPath(path: readonly PropertyKey[]): string {
  let out = "";
  for (const key of path) {
    if (typeof key === "number") out += `[${key}]`;
    else out += out ? `.${String(key)}` : String(key);
  }
  return out;
}

/** The type name the model understands for a value it sent. */
function typeName(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number" && Number.isNaN(value)) return "nan";
  return typeof value;
}

/** Claude Code lists missing fields first, then unexpected ones, then wrong types. */
type IssueKind = "missing" | "unexpected" | "type" | "other";

const KIND_ORDER: readonly IssueKind[] = ["missing", "unexpected", "type", "other"];

/** One sentence per problem, saying which field is wrong and how. */
function describeIssue(issue: z.core.$ZodIssue): Array<{ kind: IssueKind; text: string }> {
  const path = formatPath(issue.path);
  if (issue.code === "unrecognized_keys") {
    return issue.keys.map((key) => ({
      kind: "unexpected",
      text: `An unexpected parameter \`${formatPath([...issue.path, key])}\` was provided`,
    }));
  }
  if (issue.code === "invalid_type" && "input" in issue) {
    if (issue.input === undefined) {
      return [{ kind: "missing", text: `The required parameter \`${path}\` is missing` }];
    }
    const subject = path ? `The parameter \`${path}\` type` : "The input type";
    const received = typeName(issue.input);
    return [
      {
        kind: "type",
        text: `${subject} is expected as \`${issue.expected}\` but provided as \`${received}\``,
      },
    ];
  }
  const text = path ? `The parameter \`${path}\` is invalid: ${issue.message}` : issue.message;
  return [{ kind: "other", text }];
}

/**
 * The InputValidationError text the model can act on: which fields are missing, unexpected or
 * of the wrong type. Issues carry the offending value only when parsed with `reportInput: true`
 * (see parseToolInput); without it, type issues fall back to zod's own wording.
 */
export function formatZodIssues(toolName: string, error: z.ZodError): string {
  const described = error.issues.flatMap(describeIssue);
  const lines = KIND_ORDER.flatMap((kind) =>
    described.filter((entry) => entry.kind === kind).map((entry) => entry.text),
  );
  const noun = lines.length === 1 ? "issue" : "issues";
  return `${toolName} failed due to the following ${noun}:\n${lines.join("\n")}`;
}
