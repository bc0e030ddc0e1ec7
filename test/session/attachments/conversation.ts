import type { AssistantContentBlock } from "../../../src/protocol/content.js";
import type { IdSource } from "../../../src/protocol/factories.js";
import type {
  AssistantMessage,
  AttachmentMessage,
  Message,
} from "../../../src/protocol/messages.js";
import { emptyUsage } from "../../../src/protocol/usage.js";

const TIME = "2026-01-01T00:00:00.000Z";

/** One block of a model response (blocks of one response share `responseId`). */
export function assistantBlock(
  responseId: string,
  block: AssistantContentBlock,
  uuid = `${responseId}-${block.type}`,
): AssistantMessage {
  return {
    type: "assistant",
    uuid,
    timestamp: TIME,
    message: {
      id: responseId,
      model: "claude-test",
      role: "assistant",
      content: [block],
      stop_reason: "end_turn",
      stop_sequence: null,
      usage: emptyUsage(),
    },
  };
}

/** A response of one text block. */
export function textTurn(responseId: string): AssistantMessage {
  return assistantBlock(responseId, { type: "text", text: `reply ${responseId}` });
}

/** A response that calls TodoWrite. */
export function todoWriteTurn(responseId: string): AssistantMessage {
  return assistantBlock(responseId, {
    type: "tool_use",
    id: `toolu_${responseId}`,
    name: "TodoWrite",
    input: { todos: [] },
  });
}

/** `count` text-only responses with ids `${prefix}1` … */
export function textTurns(prefix: string, count: number): Message[] {
  return Array.from({ length: count }, (_, i) => textTurn(`${prefix}${i + 1}`));
}

/** A todo reminder attachment message as an earlier pass would have added it. */
export function reminderMessage(uuid: string): AttachmentMessage {
  return {
    type: "attachment",
    uuid,
    timestamp: TIME,
    attachment: { type: "todo_reminder", todos: [] },
  };
}

/** Deterministic message ids (a1, a2, …) and a fixed time. */
export function counterIds(): IdSource {
  let n = 0;
  return { uuid: () => `a${++n}`, timestamp: () => TIME };
}
