import { ModelError, type ModelErrorInfo, type ModelErrorOptions } from "../../src/model/errors.js";
import type { ModelEvent, ModelProvider, ModelRequest } from "../../src/model/provider.js";
import type { RetryingModelEvent } from "../../src/model/retry.js";
import { emptyUsage } from "../../src/protocol/usage.js";

/** One scripted attempt: events to yield, then (optionally) a failure. */
export interface Attempt {
  events?: ModelEvent[];
  error?: ModelError;
}

/** A provider that plays attempts in order and records every request it was given. */
export interface ScriptedAttempts extends ModelProvider {
  requests: ModelRequest[];
}

/** A small real provider over a list of attempts (the last one repeats). */
export function scriptedAttempts(attempts: Attempt[]): ScriptedAttempts {
  const requests: ModelRequest[] = [];
  return {
    name: "attempts",
    requests,
    async *stream(request) {
      requests.push(request);
      const attempt = attempts[Math.min(requests.length - 1, attempts.length - 1)] ?? {};
      for (const event of attempt.events ?? []) yield event;
      if (attempt.error) throw attempt.error;
    },
  };
}

/** A successful attempt answering `text`. */
export function success(text = "done"): Attempt {
  return {
    events: [
      { type: "block", index: 0, block: { type: "text", text } },
      {
        type: "response",
        response: {
          id: "msg_retry",
          model: "claude-keel-test",
          content: [{ type: "text", text }],
          stopReason: "end_turn",
          stopSequence: null,
          usage: emptyUsage(),
        },
      },
    ],
  };
}

/** A failed attempt. */
export function failure(info: ModelErrorInfo, options: ModelErrorOptions = {}): Attempt {
  return { error: new ModelError(info, `${info.kind} failure`, options) };
}

/** A sleep that records what it was asked to wait and returns at once. */
export function recordingSleep(): { delays: number[]; sleep: (ms: number) => Promise<void> } {
  const delays: number[] = [];
  return { delays, sleep: async (ms: number) => void delays.push(ms) };
}

/** Events and final error of a retried stream. */
export async function drainRetry(
  stream: AsyncGenerator<RetryingModelEvent, void, undefined>,
): Promise<{ events: RetryingModelEvent[]; error?: ModelError }> {
  const events: RetryingModelEvent[] = [];
  try {
    for await (const event of stream) events.push(event);
    return { events };
  } catch (error) {
    if (!(error instanceof ModelError)) throw error;
    return { events, error };
  }
}

/** The type of each event, for asserting order. */
export function typesOf(events: RetryingModelEvent[]): string[] {
  return events.map((e) => e.type);
}
