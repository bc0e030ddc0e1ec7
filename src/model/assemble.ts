import type { AssistantContentBlock, StopReason } from "../protocol/content.js";
import {
  KNOWN_BLOCK_TYPES,
  KNOWN_DELTA_TYPES,
  KNOWN_STREAM_EVENT_TYPES,
  type StreamEvent,
  type StreamMessageStart,
} from "../protocol/events.js";
import { mergeDeltaUsage, type Usage, usageFromWire } from "../protocol/usage.js";
import { classifyFailure } from "./classify.js";
import { ModelError } from "./errors.js";
import type { ModelEvent } from "./provider.js";

/** A block being streamed: the block so far, and a tool call's raw JSON. */
interface OpenBlock {
  block: AssistantContentBlock;
  json: string;
}

/** Blocks whose input streams as input_json_delta pieces: keel's tools' calls and the API's own. */
function takesJson(
  block: AssistantContentBlock,
): block is Extract<AssistantContentBlock, { type: "tool_use" | "server_tool_use" }> {
  return block.type === "tool_use" || block.type === "server_tool_use";
}

function malformed(message: string): ModelError {
  return new ModelError({ kind: "malformed_stream" }, `malformed stream: ${message}`);
}

function parseToolInput(json: string): { input: Record<string, unknown>; error?: string } {
  if (json.trim() === "") return { input: {} };
  try {
    const value: unknown = JSON.parse(json);
    if (value && typeof value === "object" && !Array.isArray(value)) {
      return { input: value as Record<string, unknown> };
    }
    return { input: {}, error: `tool input must be a JSON object, got ${JSON.stringify(value)}` };
  } catch (error) {
    return { input: {}, error: `tool input is not valid JSON (${(error as Error).message})` };
  }
}

/** Builds a response from raw stream events; the state of one streaming response. */
class ResponseAssembler {
  private start: StreamMessageStart | undefined;
  private readonly open = new Map<number, OpenBlock>();
  /** Blocks of kinds keel does not request (server tools, …): their events are skipped. */
  private readonly ignored = new Set<number>();
  private readonly done: Array<{ index: number; block: AssistantContentBlock }> = [];
  private usage: Usage | undefined;
  private stopReason: StopReason | null = null;
  private stopSequence: string | null = null;
  private finished = false;

  get completedBlocks(): number {
    return this.done.length;
  }

  get isFinished(): boolean {
    return this.finished;
  }

  /** Applies one event; returns what it completed. */
  apply(event: StreamEvent, requestId: string | undefined): ModelEvent[] {
    if (this.finished) throw malformed(`${event.type} after message_stop`);
    if (event.type === "ping") return [];
    if (event.type === "error") {
      throw classifyFailure({ body: event, requestId: event.request_id ?? requestId });
    }
    if (event.type === "message_start") {
      if (this.start) throw malformed("second message_start");
      this.start = event.message;
      this.usage = usageFromWire(event.message.usage);
      return [];
    }
    if (!this.start) throw malformed(`${event.type} before message_start`);
    switch (event.type) {
      case "content_block_start":
        return this.startBlock(event.index, event.content_block);
      case "content_block_delta":
        this.applyDelta(event.index, event.delta);
        return [];
      case "content_block_stop":
        return this.stopBlock(event.index);
      case "message_delta":
        this.stopReason = event.delta.stop_reason ?? this.stopReason;
        this.stopSequence = event.delta.stop_sequence ?? this.stopSequence;
        this.usage = mergeDeltaUsage(this.usage ?? usageFromWire(undefined), event.usage);
        return [];
      case "message_stop":
        return this.finish(requestId);
    }
  }

  private startBlock(index: number, block: AssistantContentBlock): ModelEvent[] {
    if (!KNOWN_BLOCK_TYPES.has(block.type)) {
      this.ignored.add(index);
      return [];
    }
    if (this.open.has(index) || this.done.some((d) => d.index === index)) {
      throw malformed(`content_block_start for index ${index} twice`);
    }
    const copy: AssistantContentBlock = takesJson(block) ? { ...block, input: {} } : { ...block };
    this.open.set(index, { block: copy, json: "" });
    return [];
  }

  private applyDelta(
    index: number,
    delta: Extract<StreamEvent, { type: "content_block_delta" }>["delta"],
  ): void {
    if (this.ignored.has(index)) return;
    const open = this.open.get(index);
    if (!open) throw malformed(`content_block_delta for index ${index}, which is not open`);
    const block = open.block;
    if (delta.type === "text_delta" && block.type === "text") block.text += delta.text;
    else if (delta.type === "thinking_delta" && block.type === "thinking")
      block.thinking += delta.thinking;
    else if (delta.type === "signature_delta" && block.type === "thinking")
      block.signature += delta.signature;
    else if (delta.type === "input_json_delta" && takesJson(block)) open.json += delta.partial_json;
    else if (!KNOWN_DELTA_TYPES.has(delta.type)) return;
    else throw malformed(`${delta.type} for a ${block.type} block`);
  }

  private stopBlock(index: number): ModelEvent[] {
    if (this.ignored.delete(index)) return [];
    const open = this.open.get(index);
    if (!open) throw malformed(`content_block_stop for index ${index}, which is not open`);
    this.open.delete(index);
    return [this.complete(index, open)];
  }

  private complete(index: number, open: OpenBlock): ModelEvent {
    if (!takesJson(open.block)) {
      this.done.push({ index, block: open.block });
      return { type: "block", index, block: open.block };
    }
    const parsed = parseToolInput(open.json);
    const block: AssistantContentBlock = { ...open.block, input: parsed.input };
    this.done.push({ index, block });
    return parsed.error === undefined || block.type === "server_tool_use"
      ? { type: "block", index, block }
      : { type: "block", index, block, inputError: parsed.error };
  }

  /**
   * At message_stop, blocks still open were cut by max_tokens: text is kept, a tool call
   * never (a server tool's half-streamed call is dropped too: it has no result).
   */
  private finish(requestId: string | undefined): ModelEvent[] {
    const events: ModelEvent[] = [];
    let dropped: { id: string; name: string } | undefined;
    for (const [index, open] of [...this.open].sort((a, b) => a[0] - b[0])) {
      if (open.block.type === "tool_use") dropped = { id: open.block.id, name: open.block.name };
      else if (open.block.type !== "server_tool_use") events.push(this.complete(index, open));
    }
    this.open.clear();
    this.finished = true;
    const start = this.start!;
    const content = [...this.done].sort((a, b) => a.index - b.index).map((d) => d.block);
    events.push({
      type: "response",
      response: {
        id: start.id,
        model: start.model,
        content,
        stopReason: this.stopReason,
        stopSequence: this.stopSequence,
        usage: this.usage ?? usageFromWire(undefined),
        ...(requestId === undefined ? {} : { requestId }),
        ...(dropped ? { droppedPartialToolUse: dropped } : {}),
      },
    });
    return events;
  }
}

/**
 * Turns raw Messages API stream events into keel's model events: every raw event, each block
 * as it completes, and the assembled response last. Unknown event and delta types are ignored,
 * as the API asks. A stream that errors or ends before message_stop throws a `ModelError`,
 * marked `afterContent` when some blocks had already completed.
 */
export async function* assembleStream(
  events: AsyncIterable<StreamEvent>,
  requestId?: string,
): AsyncGenerator<ModelEvent, void, undefined> {
  const assembler = new ResponseAssembler();
  try {
    for await (const event of events) {
      if (!isKnownEvent(event)) continue;
      yield { type: "stream_event", event };
      for (const out of assembler.apply(event, requestId)) yield out;
      if (assembler.isFinished) return;
    }
  } catch (error) {
    const modelError =
      error instanceof ModelError
        ? error
        : new ModelError({ kind: "malformed_stream" }, `malformed stream: ${String(error)}`, {
            cause: error,
          });
    throw assembler.completedBlocks > 0 ? modelError.withAfterContent() : modelError;
  }
  const cut = new ModelError(
    { kind: "connection" },
    "the stream ended before message_stop (connection closed mid-response)",
    { requestId },
  );
  throw assembler.completedBlocks > 0 ? cut.withAfterContent() : cut;
}

function isKnownEvent(event: { type: string }): event is StreamEvent {
  return KNOWN_STREAM_EVENT_TYPES.has(event.type);
}
