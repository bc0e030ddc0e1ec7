import { z } from "zod";
import {
  type ControlRequestLine,
  type ControlResponseLine,
  controlCancelLine,
  controlRequestLine,
  controlResponseLine,
} from "./control/envelopes.js";

/** Line types keel reads; a malformed one of these is an error, any other type is ignored. */
const KNOWN_TYPES: ReadonlySet<string> = new Set([
  "user",
  "control_request",
  "control_response",
  "control_cancel_request",
]);

const textBlock = z.object({ type: z.literal("text"), text: z.string() });

const userLine = z.object({
  type: z.literal("user"),
  /** The SDK's `verbatimPrompts`: the text is sent as written, never run as a `/name`. */
  client_composed: z.boolean().optional(),
  /** The host's id of the message (the SDK's `uuid`): it becomes the prompt's, and cancels it. */
  uuid: z.string().uuid().optional().catch(undefined),
  message: z.object({
    role: z.literal("user"),
    content: z.union([z.string(), z.array(z.object({ type: z.string() }).passthrough())]),
  }),
});

const ignored = z.object({ type: z.string() });

/** One stdin line of `--input-format stream-json`, read. */
export type StreamInput =
  | { kind: "prompt"; text: string; verbatim?: boolean; uuid?: string }
  | { kind: "control"; request: ControlRequestLine }
  /** The SDK's answer to a request keel sent. */
  | { kind: "response"; response: ControlResponseLine }
  /** The SDK no longer needs the answer to its request. */
  | { kind: "cancel"; requestId: string }
  /** keep_alive, or a line of a type keel does not know (Claude Code ignores both). */
  | { kind: "ignored" }
  | { kind: "invalid"; line: number; problem: string };

function promptText(content: string | Array<{ type: string }>, line: number): StreamInput {
  if (typeof content === "string") return { kind: "prompt", text: content };
  const texts: string[] = [];
  for (const block of content) {
    const text = textBlock.safeParse(block);
    if (!text.success) {
      return {
        kind: "invalid",
        line,
        problem: `a user message may hold only text blocks in keel (found a "${block.type}" block)`,
      };
    }
    texts.push(text.data.text);
  }
  return { kind: "prompt", text: texts.join("\n") };
}

/** Reads one NDJSON line: a user message, a control request, a line to ignore, or a problem. */
export function parseStreamInputLine(raw: string, line: number): StreamInput {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return { kind: "invalid", line, problem: "not valid JSON" };
  }
  const user = userLine.safeParse(value);
  if (user.success) {
    const prompt = promptText(user.data.message.content, line);
    if (prompt.kind !== "prompt") return prompt;
    const { client_composed: verbatim, uuid } = user.data;
    return { ...prompt, ...(verbatim === true ? { verbatim } : {}), ...(uuid ? { uuid } : {}) };
  }
  const control = controlRequestLine.safeParse(value);
  if (control.success) return { kind: "control", request: control.data };
  const response = controlResponseLine.safeParse(value);
  if (response.success) return { kind: "response", response: response.data };
  const cancel = controlCancelLine.safeParse(value);
  if (cancel.success) return { kind: "cancel", requestId: cancel.data.request_id };
  const known = ignored.safeParse(value);
  if (known.success && !KNOWN_TYPES.has(known.data.type)) return { kind: "ignored" };
  return {
    kind: "invalid",
    line,
    problem: known.success
      ? `a "${known.data.type}" line is malformed`
      : 'expected a JSON object with a "type" (a user message, a control request or response)',
  };
}

/** The lines of `--input-format stream-json`, read as they arrive (blank lines skipped). */
export async function* readStreamInput(stdin: NodeJS.ReadableStream): AsyncGenerator<StreamInput> {
  // Loaded here: only stream-json input reads lines, and `keel -p` starts faster without it.
  const { createInterface } = await import("node:readline");
  const lines = createInterface({ input: stdin, crlfDelay: Number.POSITIVE_INFINITY });
  let n = 0;
  for await (const raw of lines) {
    n += 1;
    if (raw.trim() === "") continue;
    yield parseStreamInputLine(raw, n);
  }
}
