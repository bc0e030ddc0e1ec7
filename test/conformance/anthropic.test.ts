import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fastEvent } from "../../src/model/anthropic/fast-events.js";
import { createAnthropicProvider } from "../../src/model/anthropic/provider.js";
import { streamEventSchema } from "../../src/model/anthropic/stream-events.js";
import { ModelError } from "../../src/model/errors.js";
import type { ModelEvent, ModelResponse } from "../../src/model/provider.js";
import { KNOWN_BLOCK_TYPES, KNOWN_STREAM_EVENT_TYPES } from "../../src/protocol/events.js";
import { type FixtureServer, startFixtureServer } from "../helpers/fixture-server.js";
import { readRecordedStream } from "./anthropic-oracle.js";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const corpus = path.join(path.resolve(repoRoot, "../shared/protocol"), "anthropic-sse");
const missing = !existsSync(corpus);
if (missing) {
  console.warn(
    `anthropic conformance: corpus missing at ${corpus}; not run: the recorded Messages API streams (text, tool_use, thinking, redacted_thinking, max_tokens cut, refusal, error events) through the Anthropic provider`,
  );
}

/** Every replayable stream: abridged docs examples hold `...` lines and are not valid SSE. */
const files = missing
  ? []
  : readdirSync(corpus)
      .filter((name) => name.endsWith(".sse") && !name.endsWith(".docs-abridged.sse"))
      .sort();

interface Played {
  events: ModelEvent[];
  response?: ModelResponse;
  error?: ModelError;
}

let server: FixtureServer;
beforeAll(async () => {
  if (!missing) server = await startFixtureServer();
});
afterAll(async () => {
  await server?.close();
});

function raw(name: string): string {
  return readFileSync(path.join(corpus, name), "utf8");
}

/** Serves a recorded body byte for byte and streams it through the provider. */
async function play(name: string): Promise<Played> {
  server.enqueue({ headers: { "content-type": "text/event-stream" }, body: raw(name) });
  const provider = createAnthropicProvider({ apiKey: "sk-conformance", baseURL: server.url });
  const events: ModelEvent[] = [];
  try {
    for await (const event of provider.stream(
      {
        model: "claude-conformance",
        maxTokens: 1024,
        messages: [{ role: "user", content: "hi" }],
        kind: "main",
      },
      new AbortController().signal,
    )) {
      events.push(event);
    }
  } catch (error) {
    if (!(error instanceof ModelError)) throw error;
    return { events, error };
  }
  const last = events.at(-1);
  return { events, ...(last?.type === "response" ? { response: last.response } : {}) };
}

describe.skipIf(missing)("recorded Anthropic streams through the provider", () => {
  it("the corpus holds the streams this suite was written for", () => {
    expect(files).toEqual(
      expect.arrayContaining([
        "thinking-then-3-parallel-tool-use.recorded.sse",
        "redacted-thinking.SYNTHETIC.sse",
        "max-tokens-mid-tool-use.sdk-fixture.sse",
        "refusal-stop-details.sdk-fixture.sse",
        "error-event-overloaded.docs.sse",
      ]),
    );
    expect(files.length).toBeGreaterThanOrEqual(18);
  });

  it.each(files)("%s assembles into what its events say", async (name) => {
    const expected = readRecordedStream(raw(name));
    const played = await play(name);
    if (expected.outcome === "response") {
      expect(played.error).toBeUndefined();
      expect(played.response?.content).toEqual(expected.content);
      expect(played.response?.stopReason).toEqual(expected.stopReason);
      expect(played.response?.droppedPartialToolUse).toEqual(expected.dropped);
    } else if (expected.outcome === "error") {
      expect(expected.errorType).toBe("overloaded_error");
      expect(played.error).toMatchObject({
        kind: "overloaded",
        afterContent: expected.afterContent,
      });
    } else {
      expect(played.error).toMatchObject({
        kind: "connection",
        afterContent: expected.afterContent,
      });
    }
  });

  it("thinking then three parallel tool_use blocks: signature kept, inputs parsed", async () => {
    const { response } = await play("thinking-then-3-parallel-tool-use.recorded.sse");
    const docs = "/Users/eric/wrk/src/github.com/claude-code/claude-code-docs";
    expect(response?.content.map((b) => b.type)).toEqual([
      "thinking",
      "tool_use",
      "tool_use",
      "tool_use",
    ]);
    const thinking = response?.content[0];
    expect(thinking?.type === "thinking" && thinking.thinking.startsWith("Found mentions")).toBe(
      true,
    );
    expect(thinking?.type === "thinking" && thinking.signature.startsWith("EqwCCkYIBBgCKkCp")).toBe(
      true,
    );
    expect(response?.content.slice(1)).toEqual([
      {
        type: "tool_use",
        id: "toolu_016Kri1jsz4gzpXui1u1JkmC",
        name: "Read",
        input: { file_path: `${docs}/release-notes/CHANGELOG.md` },
      },
      {
        type: "tool_use",
        id: "toolu_011TGFHaVPtBwUdTL9Hij79h",
        name: "Read",
        input: { file_path: `${docs}/README.md` },
      },
      {
        type: "tool_use",
        id: "toolu_01LLvLh6MMgkNEyAjHA3XtmA",
        name: "Read",
        input: { file_path: `${docs}/anthropic-blog/engineering/claude-code-best-practices.md` },
      },
    ]);
    expect(response?.stopReason).toBe("tool_use");
  });

  it("redacted_thinking keeps its opaque data whole", async () => {
    const { response } = await play("redacted-thinking.SYNTHETIC.sse");
    const first = response?.content[0];
    expect(first?.type).toBe("redacted_thinking");
    const data = first?.type === "redacted_thinking" ? first.data : "";
    expect(data.startsWith("ErYECkYIARgCKkAdMlvlPe34")).toBe(true);
    expect(data.endsWith("akx+TqjZv2xRAmB/R76RF7aIaqU=")).toBe(true);
    expect(response?.content[1]).toEqual({
      type: "text",
      text: "I don't have any special modes or backdoors that can be activated with strings like this.",
    });
  });

  it("max_tokens in the middle of a tool_use drops it and says so", async () => {
    const { response } = await play("max-tokens-mid-tool-use.sdk-fixture.sse");
    expect(response?.stopReason).toBe("max_tokens");
    expect(response?.droppedPartialToolUse).toEqual({
      id: "toolu_01EKqbqmZrGRXy18eN7m9kvY",
      name: "make_file",
    });
    expect(response?.content).toEqual([
      {
        type: "text",
        text: "I'll create a comprehensive tax guide for someone with multiple W2s and save it in a file called taxes.txt. Let me do that for you now.",
      },
    ]);
  });

  it("a refusal ends with stop reason refusal and an empty text block", async () => {
    const { response } = await play("refusal-stop-details.sdk-fixture.sse");
    expect(response?.stopReason).toBe("refusal");
    expect(response?.content).toEqual([{ type: "text", text: "" }]);
  });

  it.each([
    "error-event-overloaded.docs.sse",
    "overloaded-error-midstream.composite.sse",
    "overloaded-error-midstream-observed-payload.composite.sse",
  ])("%s ends in a retryable overloaded error, before any content", async (name) => {
    const { error } = await play(name);
    expect(error).toMatchObject({ kind: "overloaded", afterContent: false });
  });

  it("the observed error payload's request_id is kept", async () => {
    const { error } = await play("overloaded-error-midstream-observed-payload.composite.sse");
    expect(error?.requestId).toBe("req_011CecahFk1FfxfFLw1ja8sL");
  });
});

/** The JSON data of every event of a recorded stream. */
function eventData(name: string): Record<string, unknown>[] {
  return raw(name)
    .split("\n")
    .filter((line) => line.startsWith("data:"))
    .map((line) => JSON.parse(line.slice("data:".length)) as Record<string, unknown>);
}

describe.skipIf(missing)("the stream events' fast path on recorded streams", () => {
  it("takes every event of the usual kinds as the schema reads it", () => {
    let taken = 0;
    for (const name of files) {
      for (const event of eventData(name)) {
        const fast = fastEvent(event);
        const parsed = streamEventSchema.safeParse(event);
        if (fast === undefined) {
          // Only errors, blocks of kinds keel skips, and unknown events fall to the schema.
          const block = event.content_block as { type?: string } | undefined;
          const skipped =
            event.type === "error" ||
            !KNOWN_STREAM_EVENT_TYPES.has(String(event.type)) ||
            (event.type === "content_block_start" && !KNOWN_BLOCK_TYPES.has(String(block?.type)));
          expect({ name, event, skipped }).toMatchObject({ skipped: true });
          continue;
        }
        taken++;
        expect(parsed.success).toBe(true);
        expect(fast).toEqual(parsed.data);
      }
    }
    expect(taken).toBeGreaterThan(100);
  });
});
