import { describe, expect, it } from "vitest";
import { ModelError } from "../../src/model/errors.js";
import { type RetryOptions, retryOptionsFromEnv, streamWithRetry } from "../../src/model/retry.js";
import { modelRequest } from "./anthropic/helpers.js";
import {
  type Attempt,
  drainRetry,
  failure,
  recordingSleep,
  scriptedAttempts,
  success,
  typesOf,
} from "./retry-helpers.js";

function run(attempts: Attempt[], options: Partial<RetryOptions> = {}, request = modelRequest()) {
  const provider = scriptedAttempts(attempts);
  const { delays, sleep } = recordingSleep();
  const outcome = drainRetry(
    streamWithRetry(provider, request, new AbortController().signal, {
      sleep,
      random: () => 0,
      ...options,
    }),
  );
  return { provider, delays, outcome };
}

const overloaded = () => failure({ kind: "overloaded" }, { status: 529 });

describe("request retries", () => {
  it("retries 529 twice then succeeds, with a retry event before each retry", async () => {
    const { provider, delays, outcome } = run([overloaded(), overloaded(), success()]);
    const { events, error } = await outcome;
    expect(error).toBeUndefined();
    expect(provider.requests).toHaveLength(3);
    expect(typesOf(events)).toEqual(["retry", "retry", "block", "response"]);
    expect(
      events.filter((e) => e.type === "retry").map((e) => e.type === "retry" && e.attempt),
    ).toEqual([1, 2]);
    expect(delays).toEqual([500, 1000]);
  });

  it("passes on the events of a failed attempt before its retry event", async () => {
    const partial: Attempt = {
      events: [{ type: "stream_event", event: { type: "ping" } }],
      error: new ModelError({ kind: "connection" }, "reset"),
    };
    const { events } = await run([partial, success()]).outcome;
    expect(typesOf(events)).toEqual(["stream_event", "retry", "block", "response"]);
  });

  it("waits what retry-after asked for instead of the backoff", async () => {
    const { delays, outcome } = run([
      failure({ kind: "rate_limit" }, { status: 429, retryAfterMs: 7000 }),
      success(),
    ]);
    const { events } = await outcome;
    expect(delays).toEqual([7000]);
    expect(events[0]).toMatchObject({ type: "retry", delayMs: 7000, maxRetries: 10 });
  });

  it.each([
    ["connection", { kind: "connection" as const }, {}],
    ["timeout", { kind: "timeout" as const }, {}],
    ["malformed_stream", { kind: "malformed_stream" as const }, {}],
    ["server 500", { kind: "server" as const }, { status: 500 }],
    ["408 by status", { kind: "other" as const }, { status: 408 }],
    ["409 by status", { kind: "other" as const }, { status: 409 }],
  ])("retries a %s failure", async (_name, info, options) => {
    const { provider, outcome } = run([failure(info, options), success()]);
    expect((await outcome).error).toBeUndefined();
    expect(provider.requests).toHaveLength(2);
  });

  it.each([
    ["400 invalid_request", { kind: "invalid_request" as const }, 400],
    ["400 prompt_too_long", { kind: "prompt_too_long" as const }, 400],
    ["401 auth", { kind: "auth" as const }, 401],
    ["403 permission", { kind: "permission" as const }, 403],
    ["404 not_found", { kind: "not_found" as const }, 404],
    ["413 request_too_large", { kind: "request_too_large" as const }, 413],
    ["media", { kind: "media" as const }, 400],
    ["billing", { kind: "billing" as const }, 402],
  ])("does not retry %s", async (_name, info, status) => {
    const { provider, outcome } = run([failure(info, { status }), success()]);
    const { error, events } = await outcome;
    expect(error?.kind).toBe(info.kind);
    expect(events).toEqual([]);
    expect(provider.requests).toHaveLength(1);
  });

  it("does not retry a 500 the server marked x-should-retry: false", async () => {
    const { provider, outcome } = run([
      failure({ kind: "server" }, { status: 500, shouldRetryHeader: false }),
      success(),
    ]);
    expect((await outcome).error?.kind).toBe("server");
    expect(provider.requests).toHaveLength(1);
  });

  it("retries a 400 the server marked x-should-retry: true", async () => {
    const { provider, outcome } = run([
      failure({ kind: "invalid_request" }, { status: 400, shouldRetryHeader: true }),
      success(),
    ]);
    expect((await outcome).error).toBeUndefined();
    expect(provider.requests).toHaveLength(2);
  });

  it("rethrows a failure after completed blocks at once, whatever its kind", async () => {
    const { provider, outcome } = run([
      failure({ kind: "overloaded" }, { afterContent: true, shouldRetryHeader: true }),
      success(),
    ]);
    const { error } = await outcome;
    expect(error).toMatchObject({ kind: "overloaded", afterContent: true });
    expect(provider.requests).toHaveLength(1);
  });

  it("does not retry an abort", async () => {
    const { provider, outcome } = run([failure({ kind: "aborted" }), success()]);
    expect((await outcome).error?.kind).toBe("aborted");
    expect(provider.requests).toHaveLength(1);
  });

  it("rethrows the last error when retries run out, saying how many attempts were made", async () => {
    const { provider, delays, outcome } = run([failure({ kind: "server" }, { status: 500 })], {
      maxRetries: 2,
    });
    const { error, events } = await outcome;
    expect(error?.kind).toBe("server");
    expect(error?.status).toBe(500);
    expect(error?.message).toContain("3 attempts");
    expect(provider.requests).toHaveLength(3);
    expect(typesOf(events)).toEqual(["retry", "retry"]);
    expect(delays).toHaveLength(2);
  });

  it("keeps the default for an option given as undefined", async () => {
    const { events } = await run([overloaded(), success()], { maxRetries: undefined }).outcome;
    expect(events[0]).toMatchObject({ type: "retry", maxRetries: 10 });
  });

  it("with maxRetries 0 makes one attempt", async () => {
    const { provider, outcome } = run([overloaded(), success()], { maxRetries: 0 });
    expect((await outcome).error?.message).toContain("after 1 attempt)");
    expect(provider.requests).toHaveLength(1);
  });
});

describe("context overflow retries", () => {
  const overflow = (inputTokens: number) =>
    failure(
      { kind: "max_output_tokens", inputTokens, maxTokens: 32_000, limitTokens: 200_000 },
      { status: 400 },
    );

  it("retries at once with max_tokens shrunk to what fits", async () => {
    const { provider, delays, outcome } = run(
      [overflow(188_000), success()],
      {},
      modelRequest({ maxTokens: 32_000 }),
    );
    const { error, events } = await outcome;
    expect(error).toBeUndefined();
    expect(provider.requests.map((r) => r.maxTokens)).toEqual([32_000, 11_000]);
    expect(delays).toEqual([]);
    expect(events[0]).toMatchObject({ type: "retry", delayMs: 0 });
  });

  it("uses at least 3000 tokens and rethrows when even that does not fit", async () => {
    const fits = run([overflow(195_900), success()]);
    expect((await fits.outcome).error).toBeUndefined();
    expect(fits.provider.requests[1]?.maxTokens).toBe(3_100);

    const tooBig = run([overflow(196_500), success()]);
    expect((await tooBig.outcome).error?.kind).toBe("max_output_tokens");
    expect(tooBig.provider.requests).toHaveLength(1);
  });

  it("rethrows when the shrunk max_tokens would not exceed the thinking budget", async () => {
    const { provider, outcome } = run(
      [overflow(188_000), success()],
      {},
      modelRequest({ thinking: { type: "enabled", budget_tokens: 16_000 } }),
    );
    expect((await outcome).error?.kind).toBe("max_output_tokens");
    expect(provider.requests).toHaveLength(1);
  });
});

describe("overload fallback", () => {
  it("after 3 consecutive overloads with a fallback model, throws useFallback", async () => {
    const { provider, outcome } = run([overloaded()], { hasFallbackModel: true });
    const { error, events } = await outcome;
    expect(error?.info).toEqual({ kind: "overloaded", useFallback: true });
    expect(provider.requests).toHaveLength(3);
    expect(typesOf(events)).toEqual(["retry", "retry"]);
  });

  it("counts only consecutive overloads", async () => {
    const server = failure({ kind: "server" }, { status: 500 });
    const { provider, outcome } = run(
      [overloaded(), overloaded(), server, overloaded(), overloaded(), success()],
      { hasFallbackModel: true },
    );
    expect((await outcome).error).toBeUndefined();
    expect(provider.requests).toHaveLength(6);
  });

  it("without a fallback model keeps retrying overloads up to maxRetries", async () => {
    const { provider, outcome } = run([
      overloaded(),
      overloaded(),
      overloaded(),
      overloaded(),
      success(),
    ]);
    expect((await outcome).error).toBeUndefined();
    expect(provider.requests).toHaveLength(5);
  });
});

describe("aborting while waiting to retry", () => {
  it("ends promptly with aborted, using the default sleep", async () => {
    const controller = new AbortController();
    const provider = scriptedAttempts([overloaded(), success()]);
    const stream = streamWithRetry(provider, modelRequest(), controller.signal, {
      baseDelayMs: 600_000,
    });
    const events = [];
    let error: unknown;
    try {
      for await (const event of stream) {
        events.push(event);
        if (event.type === "retry") controller.abort();
      }
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ModelError);
    expect((error as ModelError).kind).toBe("aborted");
    expect(provider.requests).toHaveLength(1);
  });

  it("ends with aborted when an injected sleep returns after the abort", async () => {
    const controller = new AbortController();
    const provider = scriptedAttempts([overloaded(), success()]);
    const { error } = await drainRetry(
      streamWithRetry(provider, modelRequest(), controller.signal, {
        sleep: async () => controller.abort(),
      }),
    );
    expect(error?.kind).toBe("aborted");
    expect(provider.requests).toHaveLength(1);
  });
});

describe("retry settings from the environment", () => {
  it("reads KEEL_RETRY_BASE_MS and CLAUDE_CODE_MAX_RETRIES", () => {
    expect(retryOptionsFromEnv({ KEEL_RETRY_BASE_MS: "5", CLAUDE_CODE_MAX_RETRIES: "3" })).toEqual({
      baseDelayMs: 5,
      maxRetries: 3,
    });
  });

  it("ignores unset and invalid values", () => {
    expect(retryOptionsFromEnv({})).toEqual({});
    expect(
      retryOptionsFromEnv({ KEEL_RETRY_BASE_MS: "-1", CLAUDE_CODE_MAX_RETRIES: "many" }),
    ).toEqual({});
    expect(retryOptionsFromEnv({ KEEL_RETRY_BASE_MS: "" })).toEqual({});
  });
});
