import type { StreamEvent } from "../../protocol/events.js";

/** How a scripted response's events are spaced in time. */
export interface Pacing {
  /** Before every event after the first. */
  chunkDelayMs: number;
  /**
   * Before each content_block_delta: the model generating the tokens the delta carries. The
   * events that open and close blocks and the message follow the one before at once, as the
   * real API sends a tool call's content_block_stop, message_delta and message_stop together.
   */
  deltaDelayMs: number;
}

/** The pause before the `index`th event of a response, in milliseconds. */
export function delayBefore(event: StreamEvent, index: number, pacing: Pacing): number {
  if (index === 0) return 0;
  return pacing.chunkDelayMs + (event.type === "content_block_delta" ? pacing.deltaDelayMs : 0);
}
