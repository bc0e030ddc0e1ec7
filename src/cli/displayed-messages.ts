import { randomUUID } from "node:crypto";
import { type DisplayFlush, LineFlusher } from "../hooks/message-display.js";
import type { AssistantContentBlock } from "../protocol/content.js";
import type { SdkAssistantMessage, SdkMessage } from "../session/sdk-messages.js";

/** Shows one flush: the text to display in place of its delta (MessageDisplay hooks). */
export type ShowFlush = (
  flush: DisplayFlush,
  ids: { turnId: string; messageId: string },
) => Promise<string>;

/** The text block being streamed: its flusher, and what was shown of it so far. */
interface Streaming {
  messageId: string;
  flusher: LineFlusher;
  text: string;
  shown: string;
}

const fresh = (): Streaming => ({
  messageId: randomUUID(),
  flusher: new LineFlusher(),
  text: "",
  shown: "",
});

function mainThread(message: SdkMessage): boolean {
  return !("parent_tool_use_id" in message) || message.parent_tool_use_id === null;
}

/** The assistant message's text, when it is a text block of the main thread's answer. */
function answerText(message: SdkMessage): string | undefined {
  if (message.type !== "assistant" || message.error !== undefined || !mainThread(message))
    return undefined;
  const content = message.message.content;
  if (typeof content === "string") return content;
  const texts = content.flatMap((block) => (block.type === "text" ? [block.text] : []));
  return texts.length === 0 ? undefined : texts.join("");
}

/** The assistant message with `text` shown in place of its text (display only). */
function withText(message: SdkAssistantMessage, text: string): SdkAssistantMessage {
  const content = message.message.content;
  const blocks: AssistantContentBlock[] =
    typeof content === "string" ? [{ type: "text", text: content }] : content;
  let placed = false;
  const shown = blocks.flatMap((block): AssistantContentBlock[] => {
    if (block.type !== "text") return [block];
    if (placed) return [];
    placed = true;
    return [{ ...block, text }];
  });
  return { ...message, message: { ...message.message, content: shown } };
}

/**
 * The messages of a turn as they are displayed, MessageDisplay hooks deciding the text: the
 * main thread's streamed text goes out line by line (each batch of completed lines one flush,
 * shown as the hooks say), and each finished text block is shown as the flushes were, its last
 * flush marked final. What is stored and what the model sees are untouched. Display only.
 */
export async function* displayedMessages(
  messages: AsyncIterable<SdkMessage>,
  show: ShowFlush,
): AsyncGenerator<SdkMessage> {
  const turnId = randomUUID();
  let streaming = fresh();
  let lastAnswer: { text: string; shown: string } | undefined;
  for await (const message of messages) {
    if (message.type === "result" && lastAnswer && message.result === lastAnswer.text) {
      // keel -p's text output prints the result: it is the last answer, shown as displayed.
      yield { ...message, result: lastAnswer.shown };
      continue;
    }
    if (message.type === "stream_event" && mainThread(message)) {
      const { event } = message;
      if (event.type === "content_block_start" && event.content_block.type === "text")
        streaming = fresh();
      if (event.type === "content_block_delta" && event.delta.type === "text_delta") {
        streaming.text += event.delta.text;
        const flush = streaming.flusher.push(streaming.text);
        if (!flush) continue; // held until a line is complete
        const text = await show(flush, { turnId, messageId: streaming.messageId });
        streaming.shown += text;
        yield { ...message, event: { ...event, delta: { ...event.delta, text } } };
        continue;
      }
      yield message;
      continue;
    }
    const text = answerText(message);
    if (text === undefined || message.type !== "assistant") {
      yield message;
      continue;
    }
    // A block that was not streamed (print mode) is one final flush of its whole text.
    const current = text.startsWith(streaming.text) ? streaming : fresh();
    const last = current.flusher.finish(text);
    const shown = current.shown + (await show(last, { turnId, messageId: current.messageId }));
    streaming = fresh();
    lastAnswer = { text, shown };
    yield withText(message, shown);
  }
}
