import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOpenAIProvider } from "../../src/model/openai/provider.js";
import type { ModelEvent, ModelResponse } from "../../src/model/provider.js";
import type { AssistantContentBlock, StopReason } from "../../src/protocol/content.js";
import {
  type CannedResponse,
  type FixtureServer,
  startFixtureServer,
} from "../helpers/fixture-server.js";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const corpus = path.join(path.resolve(repoRoot, "../shared/protocol"), "openai-sse");
const missing = !existsSync(corpus);
if (missing) {
  console.warn(
    `openai conformance: corpus missing at ${corpus}; not run: the recorded chat-completions streams (text, tool calls, finish reasons, refusal, n=3, usage) through the OpenAI provider`,
  );
}

/** What each recorded stream must assemble into (written by hand from reading the recording). */
interface Expected {
  id: string;
  content: AssistantContentBlock[];
  stopReason: StopReason;
  usage: { input_tokens: number; output_tokens: number };
}

const model = "gpt-4o-2024-08-06";
const expectations: Record<string, Expected> = {
  "01-text.gpt-4o.recorded.sse": {
    id: "chatcmpl-ABfw031mOJeYCSHe4yI2ZjOA6kMJL",
    content: [
      {
        type: "text",
        text: "I'm unable to provide real-time weather updates. To get the current weather in San Francisco, I recommend checking a reliable weather website or a weather app.",
      },
    ],
    stopReason: "end_turn",
    usage: { input_tokens: 14, output_tokens: 30 },
  },
  "02-tool-call-args-split.gpt-4o.recorded.sse": {
    id: "chatcmpl-ABfwCgi41eStOcARjZq97ohCEGBPO",
    content: [
      {
        type: "tool_use",
        id: "call_CTf1nWJLqSeRgDqaCG27xZ74",
        name: "get_weather",
        input: { city: "San Francisco", state: "CA" },
      },
    ],
    stopReason: "tool_use",
    usage: { input_tokens: 48, output_tokens: 19 },
  },
  "03-parallel-tool-calls.gpt-4o.recorded.sse": {
    id: "chatcmpl-ABfwAwrNePHUgBBezonVC6MX3zd63",
    content: [
      {
        type: "tool_use",
        id: "call_JMW1whyEaYG438VE1OIflxA2",
        name: "GetWeatherArgs",
        input: { city: "Edinburgh", country: "GB", units: "c" },
      },
      {
        type: "tool_use",
        id: "call_DNYTawLBoN8fj3KN6qU9N1Ou",
        name: "get_stock_price",
        input: { ticker: "AAPL", exchange: "NASDAQ" },
      },
    ],
    stopReason: "tool_use",
    usage: { input_tokens: 149, output_tokens: 60 },
  },
  "04-finish-reason-length.gpt-4o.recorded.sse": {
    id: "chatcmpl-ABfw3Oqj8RD0z6aJiiX37oTjV2HFh",
    content: [{ type: "text", text: '{"' }],
    stopReason: "max_tokens",
    usage: { input_tokens: 79, output_tokens: 1 },
  },
  "05-tool-call-nonstrict.gpt-4o.recorded.sse": {
    id: "chatcmpl-ABfwERreu9s99xXsVuOWtIB2UOx62",
    content: [
      {
        type: "tool_use",
        id: "call_4XzlGBLtUe9dy3GVNV4jhq7h",
        name: "get_weather",
        input: { city: "New York City" },
      },
    ],
    stopReason: "tool_use",
    usage: { input_tokens: 44, output_tokens: 16 },
  },
  "06-n3-choices.gpt-4o.recorded.sse": {
    id: "chatcmpl-ABfw2KKFuVXmEJgVwYfBvejMAdWtq",
    content: [{ type: "text", text: '{"city":"San Francisco","temperature":65,"units":"f"}' }],
    stopReason: "end_turn",
    usage: { input_tokens: 79, output_tokens: 42 },
  },
  "07-refusal.gpt-4o.recorded.sse": {
    id: "chatcmpl-ABfw4IfQfCCrcuybFm41wJyxjbkz7",
    content: [{ type: "text", text: "I'm sorry, I can't assist with that request." }],
    stopReason: "end_turn",
    usage: { input_tokens: 79, output_tokens: 11 },
  },
};

/** One SSE event per write, as the server streamed it. */
function byEvent(body: string): CannedResponse {
  const events = body.split(/(?<=\n\n)/).filter((e) => e !== "");
  return {
    headers: { "content-type": "text/event-stream" },
    chunks: events.map((data) => ({ data })),
  };
}

/** Writes cut at arbitrary byte counts, so events and lines straddle network reads. */
function byPieces(body: string, size: number): CannedResponse {
  const chunks: Array<{ data: string }> = [];
  for (let at = 0; at < body.length; at += size) chunks.push({ data: body.slice(at, at + size) });
  return { headers: { "content-type": "text/event-stream" }, chunks };
}

async function assemble(server: FixtureServer, canned: CannedResponse): Promise<ModelResponse> {
  server.enqueue(canned);
  const provider = createOpenAIProvider({ baseURL: `${server.url}/v1` });
  const events: ModelEvent[] = [];
  for await (const event of provider.stream(
    { model: model, messages: [{ role: "user", content: "hi" }], maxTokens: 64, kind: "main" },
    new AbortController().signal,
  )) {
    events.push(event);
  }
  const last = events.at(-1);
  if (last?.type !== "response") throw new Error("the stream produced no response");
  return last.response;
}

describe.skipIf(missing)(
  "recorded OpenAI chat-completions streams through the OpenAI provider",
  () => {
    let server: FixtureServer;
    beforeAll(async () => {
      server = await startFixtureServer();
    });
    afterAll(async () => {
      await server.close();
    });

    const files = missing
      ? []
      : readdirSync(corpus)
          .filter((f) => f.endsWith(".sse"))
          .sort();

    it("has a hand-written expectation for every recorded stream", () => {
      expect(files.length).toBeGreaterThan(0);
      expect(files.filter((f) => !(f in expectations))).toEqual([]);
    });

    for (const file of files) {
      it(`${file} translates to the expected response, however it is chunked`, async () => {
        const expected = expectations[file];
        expect(expected, `no expectation written for ${file}`).toBeDefined();
        const body = readFileSync(path.join(corpus, file), "utf8");
        for (const canned of [byEvent(body), byPieces(body, 7), byPieces(body, 97)]) {
          const response = await assemble(server, canned);
          expect(response).toMatchObject({
            id: expected!.id,
            model,
            content: expected!.content,
            stopReason: expected!.stopReason,
            usage: {
              ...expected!.usage,
              cache_read_input_tokens: 0,
              cache_creation_input_tokens: 0,
            },
          });
          expect(response.content).toHaveLength(expected!.content.length);
        }
      });
    }
  },
);
