import { createInterface } from "node:readline";
import { z } from "zod";

const textBlock = z.object({ type: z.literal("text"), text: z.string() });

const userLine = z.object({
  type: z.literal("user"),
  message: z.object({
    role: z.literal("user"),
    content: z.union([z.string(), z.array(z.object({ type: z.string() }).passthrough())]),
  }),
});

const controlRequest = z.object({
  type: z.literal("control_request"),
  request_id: z.string(),
  request: z.object({ subtype: z.string() }).passthrough(),
});

const ignored = z.object({
  type: z.enum(["keep_alive", "control_cancel_request", "control_response"]),
});

/** One stdin line of `--input-format stream-json`, read. */
export type StreamInput =
  | { kind: "prompt"; text: string }
  | { kind: "control"; requestId: string; subtype: string }
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
  if (user.success) return promptText(user.data.message.content, line);
  const control = controlRequest.safeParse(value);
  if (control.success) {
    return {
      kind: "control",
      requestId: control.data.request_id,
      subtype: control.data.request.subtype,
    };
  }
  if (ignored.safeParse(value).success) return { kind: "ignored" };
  return {
    kind: "invalid",
    line,
    problem: 'expected a user message ({"type":"user","message":{"role":"user","content":…}})',
  };
}

/** The lines of `--input-format stream-json`, read as they arrive (blank lines skipped). */
export async function* readStreamInput(stdin: NodeJS.ReadableStream): AsyncGenerator<StreamInput> {
  const lines = createInterface({ input: stdin, crlfDelay: Number.POSITIVE_INFINITY });
  let n = 0;
  for await (const raw of lines) {
    n += 1;
    if (raw.trim() === "") continue;
    yield parseStreamInputLine(raw, n);
  }
}
