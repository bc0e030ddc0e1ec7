import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ModelError } from "../../src/model/errors.js";
import { streamWithRetry } from "../../src/model/retry.js";
import { backoffDelayMs } from "../../src/model/retry-policy.js";
import { type FixtureServer, startFixtureServer } from "../helpers/fixture-server.js";
import {
  errorResponse,
  fixture,
  modelRequest,
  providerFor,
  sseResponse,
} from "./anthropic/helpers.js";
import { drainRetry, failure, recordingSleep, scriptedAttempts, typesOf } from "./retry-helpers.js";

const settings = (random: () => number) => ({ baseDelayMs: 500, maxDelayMs: 32_000, random });
const plain = new ModelError({ kind: "server" }, "boom", { status: 500 });

describe("retry backoff", () => {
  it("doubles from the base delay and stops growing at the cap", async () => {
    const provider = scriptedAttempts([failure({ kind: "server" }, { status: 500 })]);
    const { delays, sleep } = recordingSleep();
    await drainRetry(
      streamWithRetry(provider, modelRequest(), new AbortController().signal, {
        sleep,
        random: () => 0,
        maxRetries: 9,
      }),
    );
    expect(delays).toEqual([500, 1000, 2000, 4000, 8000, 16000, 32000, 32000, 32000]);
  });

  it("adds at most 25 % jitter, drawn from the injected random", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 12 }),
        fc.double({ min: 0, max: 0.9999, noNaN: true }),
        (retry, r) => {
          const base = Math.min(500 * 2 ** (retry - 1), 32_000);
          const delay = backoffDelayMs(
            retry,
            plain,
            settings(() => r),
          );
          expect(delay).toBeGreaterThanOrEqual(base);
          expect(delay).toBeLessThanOrEqual(Math.round(base * 1.25));
        },
      ),
    );
    expect(
      backoffDelayMs(
        1,
        plain,
        settings(() => 0.5),
      ),
    ).toBe(563);
    expect(
      backoffDelayMs(
        8,
        plain,
        settings(() => 0.999),
      ),
    ).toBe(39_992);
  });

  it("takes the server's retry-after over the backoff, without jitter", () => {
    const limited = new ModelError({ kind: "rate_limit" }, "slow down", { retryAfterMs: 1234 });
    expect(
      backoffDelayMs(
        5,
        limited,
        settings(() => 0.9),
      ),
    ).toBe(1234);
  });
});

describe("retrying the Anthropic provider over HTTP", () => {
  let server: FixtureServer;
  beforeEach(async () => {
    server = await startFixtureServer();
  });
  afterEach(async () => {
    await server.close();
  });

  it("honours retry-after-ms and retry-after headers of 429s", async () => {
    server.enqueue(
      errorResponse(429, fixture("errors/rate-limit-429.json"), { "retry-after-ms": "1500" }),
      errorResponse(429, fixture("errors/rate-limit-429.json"), { "retry-after": "2" }),
      sseResponse(fixture("text-with-ping.sse")),
    );
    const { delays, sleep } = recordingSleep();
    const { error, events } = await drainRetry(
      streamWithRetry(providerFor(server), modelRequest(), new AbortController().signal, { sleep }),
    );
    expect(error).toBeUndefined();
    expect(delays).toEqual([1500, 2000]);
    expect(events.at(-1)?.type).toBe("response");
  });

  it("gets through two 529s and sends the same request three times", async () => {
    const overloaded = fixture("errors/overloaded-529.json");
    server.enqueue(
      errorResponse(529, overloaded),
      errorResponse(529, overloaded),
      sseResponse(fixture("text-then-tool-use.sse")),
    );
    const { delays, sleep } = recordingSleep();
    const { events } = await drainRetry(
      streamWithRetry(providerFor(server), modelRequest(), new AbortController().signal, {
        sleep,
        random: () => 0,
      }),
    );
    expect(typesOf(events).filter((t) => t !== "stream_event")).toEqual([
      "retry",
      "retry",
      "block",
      "block",
      "response",
    ]);
    expect(delays).toEqual([500, 1000]);
    expect(server.requests).toHaveLength(3);
    expect(new Set(server.requests.map((r) => r.body)).size).toBe(1);
  });

  it("retries a stream that failed before any block, tombstone first", async () => {
    server.enqueue(
      sseResponse(fixture("error-before-block.sse")),
      sseResponse(fixture("text-with-ping.sse")),
    );
    const { error, events } = await drainRetry(
      streamWithRetry(providerFor(server), modelRequest(), new AbortController().signal, {
        sleep: recordingSleep().sleep,
      }),
    );
    expect(error).toBeUndefined();
    const retryAt = events.findIndex((e) => e.type === "retry");
    expect(events.slice(0, retryAt).every((e) => e.type === "stream_event")).toBe(true);
    expect(events[retryAt]).toMatchObject({ error: { kind: "overloaded" } });
  });

  it("does not retry a stream that failed after a block completed", async () => {
    server.enqueue(
      sseResponse(fixture("error-after-block.sse")),
      sseResponse(fixture("text-with-ping.sse")),
    );
    const { error } = await drainRetry(
      streamWithRetry(providerFor(server), modelRequest(), new AbortController().signal, {
        sleep: recordingSleep().sleep,
      }),
    );
    expect(error).toMatchObject({ kind: "overloaded", afterContent: true });
    expect(server.requests).toHaveLength(1);
  });
});
