import { z } from "zod";
import type { StopReason } from "../../protocol/content.js";
import type { StartedBlock, StreamEvent } from "../../protocol/events.js";
import type { WireUsage } from "../../protocol/usage.js";
import { assembleStream } from "../assemble.js";
import { ModelError } from "../errors.js";
import type { ModelEvent } from "../provider.js";
import { type Chunk, type ChunkDelta, chunkSchema, type ToolCallFragment } from "./chunk-schema.js";
import { stopReasonFor, usageFromChunk } from "./finish.js";
import { type TextPiece, ThinkTagSplitter } from "./think-tags.js";
import { argumentsText, ToolCallRouter, type ToolCallState } from "./tool-calls.js";

function malformed(message: string): ModelError {
  return new ModelError({ kind: "malformed_stream" }, `malformed stream: ${message}`);
}

/** The block being streamed: Anthropic streams are sequential, so at most one is open. */
interface OpenBlock {
  index: number;
  kind: "text" | "thinking" | "tool_use";
  call?: ToolCallState;
}

/** Deltas that carry nothing (the priming `{"role":"assistant","content":""}` among them). */
function isEmptyDelta(delta: ChunkDelta): boolean {
  return (
    !delta.content &&
    !delta.refusal &&
    !delta.reasoning_content &&
    !delta.reasoning &&
    (delta.tool_calls ?? []).length === 0
  );
}

/**
 * Translates one response's chat-completion chunks into Messages API stream events: reasoning
 * and `<think>` text become a thinking block, content and refusals text blocks, tool-call
 * fragments tool_use blocks. Only choice 0 is read (n > 1 answers are not used).
 */
export class ChunkTranslator {
  private started = false;
  private nextIndex = 0;
  private open: OpenBlock | undefined;
  private readonly think = new ThinkTagSplitter();
  private readonly router = new ToolCallRouter();
  private messageId = "";
  private stopReason: StopReason | undefined;
  private usage: WireUsage | undefined;

  constructor(private readonly fallbackModel: string) {}

  /** The events one chunk produces. */
  push(chunk: Chunk): StreamEvent[] {
    const events: StreamEvent[] = [];
    if (!this.started) events.push(this.messageStart(chunk));
    if (chunk.usage) this.usage = usageFromChunk(chunk.usage);
    const choice = (chunk.choices ?? []).find((c, position) => (c.index ?? position) === 0);
    if (!choice) return events;
    if (choice.delta) events.push(...this.applyDelta(choice.delta));
    if (choice.finish_reason) events.push(...this.finish(choice.finish_reason));
    return events;
  }

  /**
   * The events that end the message, once the chunks have run out. Without a finish_reason the
   * response is incomplete: no message_stop is invented, so the assembler reports the cut.
   */
  end(): StreamEvent[] {
    if (this.stopReason === undefined) return [];
    return [
      {
        type: "message_delta",
        delta: { stop_reason: this.stopReason, stop_sequence: null },
        ...(this.usage ? { usage: this.usage } : {}),
      },
      { type: "message_stop" },
    ];
  }

  private messageStart(chunk: Chunk): StreamEvent {
    this.started = true;
    this.messageId = chunk.id || "chatcmpl-unknown";
    return {
      type: "message_start",
      message: {
        id: this.messageId,
        type: "message",
        role: "assistant",
        model: chunk.model || this.fallbackModel,
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: { input_tokens: 0, output_tokens: 0 },
      },
    };
  }

  private applyDelta(delta: ChunkDelta): StreamEvent[] {
    if (isEmptyDelta(delta)) return [];
    if (this.stopReason !== undefined) throw malformed("content arrived after finish_reason");
    const events: StreamEvent[] = [];
    // Servers moving from one name to the other may send both with the same text: read one.
    const reasoning = delta.reasoning_content || delta.reasoning;
    if (reasoning) events.push(...this.appendText("thinking", reasoning));
    if (delta.content) events.push(...this.appendPieces(this.think.push(delta.content)));
    if (delta.refusal) events.push(...this.appendText("text", delta.refusal));
    // A tag cannot continue across a tool call: text held back as a possible tag is text.
    if (delta.tool_calls?.length) events.push(...this.appendPieces(this.think.flush()));
    for (const fragment of delta.tool_calls ?? []) events.push(...this.toolFragment(fragment));
    return events;
  }

  private appendPieces(pieces: TextPiece[]): StreamEvent[] {
    return pieces.flatMap((piece) => this.appendText(piece.kind, piece.text));
  }

  private appendText(kind: "text" | "thinking", text: string): StreamEvent[] {
    if (text === "") return [];
    const events: StreamEvent[] = [];
    if (this.open?.kind !== kind) {
      const block: StartedBlock =
        kind === "text"
          ? { type: "text", text: "" }
          : { type: "thinking", thinking: "", signature: "" };
      events.push(...this.startBlock(kind, block));
    }
    const index = this.open!.index;
    events.push({
      type: "content_block_delta",
      index,
      delta:
        kind === "text" ? { type: "text_delta", text } : { type: "thinking_delta", thinking: text },
    });
    return events;
  }

  private toolFragment(fragment: ToolCallFragment): StreamEvent[] {
    const call = this.router.route(fragment);
    const name = fragment.function?.name || undefined;
    const args = argumentsText(fragment.function?.arguments);
    if (call.state === "closed") {
      if (args !== "" || (name !== undefined && name !== call.name)) {
        throw malformed(
          `tool call ${call.id ?? `#${call.ordinal}`} received more arguments after another block had started (interleaved tool calls)`,
        );
      }
      return [];
    }
    call.name ??= name;
    if (call.state === "open") return this.argumentsDelta(args);
    call.buffered += args;
    return call.name === undefined ? [] : this.openToolCall(call);
  }

  private openToolCall(call: ToolCallState): StreamEvent[] {
    call.id ??= `${this.messageId.replace(/[^a-zA-Z0-9_-]/g, "_")}-call-${call.ordinal}`;
    const block: StartedBlock = { type: "tool_use", id: call.id, name: call.name!, input: {} };
    const events = this.startBlock("tool_use", block, call);
    call.state = "open";
    events.push(...this.argumentsDelta(call.buffered));
    call.buffered = "";
    return events;
  }

  private argumentsDelta(args: string): StreamEvent[] {
    if (args === "") return [];
    const index = this.open!.index;
    return [
      {
        type: "content_block_delta",
        index,
        delta: { type: "input_json_delta", partial_json: args },
      },
    ];
  }

  /** Closes the open block and opens the next one. */
  private startBlock(
    kind: OpenBlock["kind"],
    block: StartedBlock,
    call?: ToolCallState,
  ): StreamEvent[] {
    const events = this.closeOpen();
    const index = this.nextIndex++;
    this.open = call ? { index, kind, call } : { index, kind };
    events.push({ type: "content_block_start", index, content_block: block });
    return events;
  }

  private closeOpen(): StreamEvent[] {
    if (!this.open) return [];
    const { index, call } = this.open;
    if (call) call.state = "closed";
    this.open = undefined;
    return [{ type: "content_block_stop", index }];
  }

  /**
   * Settles the response at choice 0's finish_reason. At `length` the last block stays open, so
   * the assembler treats it as cut by max_tokens (text kept, a half-written tool call dropped).
   */
  private finish(finishReason: string): StreamEvent[] {
    if (this.stopReason !== undefined) return [];
    const events = this.appendPieces(this.think.flush());
    const unnamed = this.router.unnamed();
    if (unnamed.length > 0) {
      throw malformed(
        `tool call ${unnamed[0]!.id ?? `#${unnamed[0]!.ordinal}`} never named its function`,
      );
    }
    this.stopReason = stopReasonFor(finishReason, this.router.calls.length > 0);
    if (finishReason !== "length") events.push(...this.closeOpen());
    return events;
  }
}

/** Validates raw chunks and translates them into Messages API stream events. */
export async function* translateChunks(
  chunks: AsyncIterable<unknown>,
  fallbackModel: string,
): AsyncGenerator<StreamEvent, void, undefined> {
  const translator = new ChunkTranslator(fallbackModel);
  for await (const raw of chunks) {
    const parsed = chunkSchema.safeParse(raw);
    if (!parsed.success) {
      throw malformed(`not a chat.completion.chunk: ${z.prettifyError(parsed.error)}`);
    }
    yield* translator.push(parsed.data);
  }
  yield* translator.end();
}

/** keel's model events from a chat-completions stream: translated, then assembled like any response. */
export function assembleChatCompletionStream(
  chunks: AsyncIterable<unknown>,
  fallbackModel: string,
  requestId?: string,
): AsyncGenerator<ModelEvent, void, undefined> {
  return assembleStream(translateChunks(chunks, fallbackModel), requestId);
}
