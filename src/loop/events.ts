import type { RequestStartEvent, StreamEvent } from "../protocol/events.js";
import type { Message, TombstoneMessage, ToolUseSummaryMessage } from "../protocol/messages.js";

/** Everything query() yields while a turn runs. */
export type QueryEvent =
  | StreamEvent
  | RequestStartEvent
  | Message
  | TombstoneMessage
  | ToolUseSummaryMessage;
