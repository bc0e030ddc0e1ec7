import { z } from "zod";

/** One line of the stream-json an agent task writes, as far as its log needs it. */
const streamLineSchema = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("assistant"),
    message: z.object({ content: z.array(z.looseObject({ type: z.string() })) }),
  }),
  z.object({
    type: z.literal("result"),
    subtype: z.string(),
    is_error: z.boolean().optional(),
    num_turns: z.number().optional(),
  }),
  z.object({ type: z.literal("system"), subtype: z.string() }),
  z.object({ type: z.literal("user") }),
  z.object({ type: z.literal("stream_event") }),
  z.object({ type: z.literal("tool_use_summary") }),
]);

const textBlock = z.object({ type: z.literal("text"), text: z.string() });
const toolUseBlock = z.object({
  type: z.literal("tool_use"),
  name: z.string(),
  input: z.unknown(),
});

/** keel's --verbose loop transitions on stderr: diagnostics, not what the agent did. */
const TRANSITION_LINE = /^keel: \[turn \d+\] /;

/** At most this many characters of a tool call's input are shown on its line. */
const INPUT_CHARS = 80;

/** A tool call on one line: "● Bash(ls -la)", its input's main value or its JSON, cut short. */
export function toolCallLine(name: string, input: unknown): string {
  const record = typeof input === "object" && input !== null ? input : {};
  const main = Object.values(record).find((value) => typeof value === "string");
  const shown = (typeof main === "string" ? main : JSON.stringify(input ?? {})).replace(
    /\s+/g,
    " ",
  );
  const cut = shown.length > INPUT_CHARS ? `${shown.slice(0, INPUT_CHARS - 1)}…` : shown;
  return `● ${name}(${cut})`;
}

function blockLines(block: Record<string, unknown>): string[] {
  const text = textBlock.safeParse(block);
  if (text.success) return text.data.text.trim() === "" ? [] : [text.data.text];
  const tool = toolUseBlock.safeParse(block);
  return tool.success ? [toolCallLine(tool.data.name, tool.data.input)] : [];
}

/**
 * What one line of an agent's stream-json log shows a person: its assistant text, one line
 * per tool call, and how the run ended. Lines that are not stream-json (keel's stderr) are
 * shown as they are, except the loop's --verbose transitions; other messages show nothing.
 */
export function agentLogLines(line: string): string[] {
  if (line.trim() === "") return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(line);
  } catch {
    return TRANSITION_LINE.test(line) ? [] : [line];
  }
  const message = streamLineSchema.safeParse(parsed);
  if (!message.success) return [];
  const data = message.data;
  if (data.type === "assistant") return data.message.content.flatMap(blockLines);
  if (data.type === "result") {
    const turns = data.num_turns === undefined ? "" : ` after ${data.num_turns} turn(s)`;
    return [`[${data.is_error ? "failed" : "done"}: ${data.subtype}${turns}]`];
  }
  return [];
}
