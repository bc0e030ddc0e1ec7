import type { StreamEvent } from "../protocol/events.js";
import { mergeDeltaUsage, type Usage, usageFromWire } from "../protocol/usage.js";
import type { UsageTracker } from "./usage-tracker.js";

/**
 * Follows the raw stream events of every request and records each finished response's usage
 * (message_start opens it, message_delta updates it cumulatively, message_stop books it).
 */
export class StreamUsageRecorder {
  private model: string | undefined;
  private usage: Usage | undefined;
  private requestStartedAt: number | undefined;

  constructor(
    private readonly tracker: UsageTracker,
    private readonly now: () => number,
  ) {}

  /** A request was sent (for duration_api_ms). */
  requestStarted(): void {
    this.requestStartedAt = this.now();
  }

  /** A request failed and will be retried, or the turn ended mid-request. */
  requestEnded(): void {
    if (this.requestStartedAt === undefined) return;
    this.tracker.addApiTime(this.now() - this.requestStartedAt);
    this.requestStartedAt = undefined;
  }

  /** The last stop reason seen (the result's stop_reason). */
  stopReason: string | null = null;

  observe(event: StreamEvent): void {
    switch (event.type) {
      case "message_start":
        this.model = event.message.model;
        this.usage = usageFromWire(event.message.usage);
        break;
      case "message_delta":
        if (this.usage) this.usage = mergeDeltaUsage(this.usage, event.usage);
        this.stopReason = event.delta.stop_reason ?? this.stopReason;
        break;
      case "message_stop":
        if (this.model && this.usage) this.tracker.add(this.model, this.usage, 0);
        this.model = undefined;
        this.usage = undefined;
        this.requestEnded();
        break;
      default:
        break;
    }
  }
}
