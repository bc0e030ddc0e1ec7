import type { QueryEvent } from "../loop/events.js";
import type { AssistantMessage, UserMessage } from "../protocol/messages.js";
import { isStreamEvent } from "./sdk-mapper.js";
import { StreamUsageRecorder } from "./usage-from-stream.js";
import { UsageTracker } from "./usage-tracker.js";

function carriesToolResults(message: UserMessage): boolean {
  return (
    Array.isArray(message.message.content) &&
    message.message.content.some((b) => b.type === "tool_result")
  );
}

/** Watches a turn's events for what its result needs: usage, cost, turns, the last answer. */
export class TurnObserver {
  readonly tracker = new UsageTracker();
  private readonly usage: StreamUsageRecorder;
  lastAssistant: AssistantMessage | undefined;
  /** The result a stop gave the turn (ExitPlanMode denied with no one to approve: the plan). */
  stopResult: string | undefined;
  /** Agentic turns: one, plus one per round of tool results (as Claude Code counts them). */
  numTurns = 1;
  private answeredSinceResults = false;

  constructor(now: () => number) {
    this.usage = new StreamUsageRecorder(this.tracker, now);
  }

  /** The last stop reason the model gave. */
  get stopReason(): string | null {
    return this.usage.stopReason;
  }

  observe(event: QueryEvent): void {
    if (isStreamEvent(event)) {
      this.usage.observe(event);
      return;
    }
    switch (event.type) {
      case "stream_request_start":
        this.usage.requestStarted();
        break;
      case "assistant":
        this.lastAssistant = event;
        this.answeredSinceResults = true;
        break;
      case "user":
        if (this.answeredSinceResults && carriesToolResults(event)) {
          this.numTurns += 1;
          this.answeredSinceResults = false;
        }
        break;
      case "attachment":
        if (event.attachment.type === "hook_stopped_continuation" && event.attachment.result)
          this.stopResult = event.attachment.result;
        break;
      case "tombstone":
        if (this.lastAssistant === event.message) this.lastAssistant = undefined;
        break;
      case "system":
        if (event.subtype === "api_retry") {
          // The failed attempt's time counts, and so does the next attempt's.
          this.usage.requestEnded();
          this.usage.requestStarted();
        }
        break;
      default:
        break;
    }
  }

  /** The turn is over: time spent in a request cut short still counts as API time. */
  finish(): void {
    this.usage.requestEnded();
  }
}
