import { describe, expect, it } from "vitest";
import { assistantErrorKind } from "../../src/model/assistant-error-kind.js";
import type { ModelErrorKind } from "../../src/model/errors.js";
import { type RetryOptions, streamWithRetry } from "../../src/model/retry.js";
import { modelRequest } from "./anthropic/helpers.js";
import { drainRetry, failure, recordingSleep, scriptedAttempts, success } from "./retry-helpers.js";

function run(
  attempts: Parameters<typeof scriptedAttempts>[0],
  options: Partial<RetryOptions> = {},
) {
  const provider = scriptedAttempts(attempts);
  const { delays, sleep } = recordingSleep();
  const outcome = drainRetry(
    streamWithRetry(provider, modelRequest(), new AbortController().signal, {
      sleep,
      random: () => 0.99,
      ...options,
    }),
  );
  return { provider, delays, outcome };
}

const refused = () => failure({ kind: "unreachable", cause: "refused" });

describe("retries of a server that cannot be reached", () => {
  it("retries a refused connection twice, then gives up saying how many attempts were made", async () => {
    const { provider, delays, outcome } = run([refused()]);
    const { events, error } = await outcome;
    expect(provider.requests).toHaveLength(3);
    expect(events).toMatchObject([
      { type: "retry", attempt: 1, maxRetries: 2 },
      { type: "retry", attempt: 2, maxRetries: 2 },
    ]);
    expect(error?.info).toEqual({ kind: "unreachable", cause: "refused" });
    expect(error?.message).toBe("unreachable failure (gave up after 3 attempts)");
    // The default schedule with the most jitter: both waits together stay under 5 s.
    expect(delays).toEqual([624, 1248]);
  });

  it("keeps each wait for a refused connection within 2 s however long the backoff base", async () => {
    const { delays, outcome } = run([refused()], { baseDelayMs: 10_000 });
    await outcome;
    expect(delays).toEqual([2000, 2000]);
  });

  it("a server that comes up within the two retries is used", async () => {
    const { provider, outcome } = run([refused(), refused(), success("up")]);
    expect((await outcome).error).toBeUndefined();
    expect(provider.requests).toHaveLength(3);
  });

  it("retries a refused connection no more than CLAUDE_CODE_MAX_RETRIES allows", async () => {
    const { provider, outcome } = run([refused()], { maxRetries: 1 });
    expect((await outcome).error?.message).toContain("(gave up after 2 attempts)");
    expect(provider.requests).toHaveLength(2);
  });

  it.each(["dns", "tls"] as const)("never retries an unreachable (%s) server", async (cause) => {
    const { provider, outcome } = run([failure({ kind: "unreachable", cause }), success()]);
    const { events, error } = await outcome;
    expect(provider.requests).toHaveLength(1);
    expect(events).toEqual([]);
    expect(error?.message).toBe("unreachable failure");
  });
});

describe("the SDK's name for a failure of the network", () => {
  it.each<ModelErrorKind>(["unreachable", "connection", "timeout"])(
    "labels %s unknown, never server_error",
    (kind) => {
      expect(assistantErrorKind(kind)).toBe("unknown");
    },
  );
});
