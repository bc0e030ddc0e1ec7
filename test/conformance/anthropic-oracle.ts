/**
 * An independent reading of a recorded Messages API stream, for the conformance suite: it
 * shares no code with the provider (its own splitting on blank lines, its own JSON reading)
 * and concatenates the deltas of each block index.
 */

type Json = Record<string, unknown>;

/** What a recorded stream must come to. */
export type OracleReading =
  | {
      outcome: "response";
      content: Json[];
      stopReason: unknown;
      dropped?: { id: string; name: string };
    }
  | { outcome: "error"; errorType: string; afterContent: boolean }
  | { outcome: "cut"; afterContent: boolean };

/** The JSON payload of every event in a raw SSE body. */
export function eventPayloads(raw: string): Json[] {
  return raw
    .replace(/\r\n?/g, "\n")
    .split(/\n\n+/)
    .map((chunk) =>
      chunk
        .split("\n")
        .filter((line) => line.startsWith("data:"))
        .map((line) => line.slice(5).replace(/^ /, ""))
        .join("\n"),
    )
    .filter((data) => data.trim() !== "")
    .map((data) => JSON.parse(data) as Json);
}

interface OpenBlock {
  block: Json;
  json: string;
  stopped: boolean;
}

function startedBlock(block: Json): Json | undefined {
  switch (block.type) {
    case "text":
      return { type: "text", text: block.text ?? "" };
    case "thinking":
      return { type: "thinking", thinking: block.thinking ?? "", signature: block.signature ?? "" };
    case "redacted_thinking":
      return { type: "redacted_thinking", data: block.data };
    case "tool_use":
      return { type: "tool_use", id: block.id, name: block.name, input: {} };
    default:
      return undefined;
  }
}

function applyDelta(open: OpenBlock, delta: Json): void {
  const append = (field: string, value: unknown) => {
    open.block[field] = `${open.block[field] as string}${value as string}`;
  };
  if (delta.type === "text_delta") append("text", delta.text);
  else if (delta.type === "thinking_delta") append("thinking", delta.thinking);
  else if (delta.type === "signature_delta") append("signature", delta.signature);
  else if (delta.type === "input_json_delta") open.json += delta.partial_json as string;
}

function finish(blocks: Map<number, OpenBlock>, stopReason: unknown): OracleReading {
  const content: Json[] = [];
  let dropped: { id: string; name: string } | undefined;
  for (const [, open] of [...blocks].sort((a, b) => a[0] - b[0])) {
    if (open.block.type !== "tool_use") content.push(open.block);
    else if (!open.stopped)
      dropped = { id: open.block.id as string, name: open.block.name as string };
    else content.push({ ...open.block, input: open.json.trim() ? JSON.parse(open.json) : {} });
  }
  return { outcome: "response", content, stopReason, ...(dropped ? { dropped } : {}) };
}

/** Reads a raw body the way the Messages API docs describe its events. */
export function readRecordedStream(raw: string): OracleReading {
  const blocks = new Map<number, OpenBlock>();
  let completed = 0;
  let stopReason: unknown = null;
  for (const event of eventPayloads(raw)) {
    const index = event.index as number;
    if (event.type === "error") {
      const error = event.error as Json;
      return { outcome: "error", errorType: error.type as string, afterContent: completed > 0 };
    }
    if (event.type === "content_block_start") {
      const block = startedBlock(event.content_block as Json);
      if (block) blocks.set(index, { block, json: "", stopped: false });
    } else if (event.type === "content_block_delta") {
      const open = blocks.get(index);
      if (open) applyDelta(open, event.delta as Json);
    } else if (event.type === "content_block_stop") {
      const open = blocks.get(index);
      if (open) {
        open.stopped = true;
        completed += 1;
      }
    } else if (event.type === "message_delta") {
      stopReason = (event.delta as Json).stop_reason;
    } else if (event.type === "message_stop") {
      return finish(blocks, stopReason);
    }
  }
  return { outcome: "cut", afterContent: completed > 0 };
}
