import type { UserContentBlock } from "./content.js";
import type {
  AssistantErrorKind,
  AssistantMessage,
  Attachment,
  AttachmentMessage,
  UserMessage,
} from "./messages.js";
import { emptyUsage } from "./usage.js";

/** Where new messages get their ids and times (injected, so tests are deterministic). */
export interface IdSource {
  uuid(): string;
  /** ISO-8601 time for a new message. */
  timestamp(): string;
}

/** The model name Claude Code gives messages the runtime made up. */
export const SYNTHETIC_MODEL = "<synthetic>";

/** Optional fields of a user message. */
export type UserMessageExtras = Pick<
  UserMessage,
  | "isMeta"
  | "toolUseResult"
  | "sourceToolAssistantUUID"
  | "isCompactSummary"
  | "allowReason"
  | "classifierContext"
>;

/** A new user message. */
export function createUserMessage(
  content: string | UserContentBlock[],
  ids: IdSource,
  extras: Partial<UserMessageExtras> = {},
): UserMessage {
  return {
    type: "user",
    uuid: ids.uuid(),
    timestamp: ids.timestamp(),
    message: { role: "user", content },
    ...extras,
  };
}

/** A new attachment message. */
export function createAttachmentMessage(attachment: Attachment, ids: IdSource): AttachmentMessage {
  return { type: "attachment", uuid: ids.uuid(), timestamp: ids.timestamp(), attachment };
}

/** An assistant message the runtime writes (an API error, an interruption note). */
export function createSyntheticAssistantMessage(
  text: string,
  ids: IdSource,
  error?: AssistantErrorKind,
  status?: number,
): AssistantMessage {
  return {
    type: "assistant",
    uuid: ids.uuid(),
    timestamp: ids.timestamp(),
    message: {
      id: ids.uuid(),
      model: SYNTHETIC_MODEL,
      role: "assistant",
      content: [{ type: "text", text }],
      stop_reason: "end_turn",
      stop_sequence: null,
      usage: emptyUsage(),
    },
    isApiErrorMessage: true,
    ...(error ? { error } : {}),
    ...(status === undefined ? {} : { apiErrorStatus: status }),
  };
}
