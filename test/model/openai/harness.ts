import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { ModelError } from "../../../src/model/errors.js";
import { createOpenAIProvider } from "../../../src/model/openai/provider.js";
import type { ModelEvent, ModelRequest, ModelResponse } from "../../../src/model/provider.js";
import type { CannedResponse, FixtureServer } from "../../helpers/fixture-server.js";

const fixtures = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "../../fixtures/openai",
);

/** The text of a fixture under test/fixtures/openai. */
export function fixture(name: string): string {
  return readFileSync(path.join(fixtures, name), "utf8");
}

/** A recorded SSE body served one event per write, as a server streams it. */
export function streamed(sse: string): CannedResponse {
  const events = sse.split(/(?<=\n\n)/).filter((e) => e !== "");
  return {
    headers: { "content-type": "text/event-stream" },
    chunks: events.map((data) => ({ data })),
  };
}

/** An error response with a JSON body. */
export function jsonError(
  status: number,
  body: string,
  headers: Record<string, string> = {},
): CannedResponse {
  return { status, headers: { "content-type": "application/json", ...headers }, body };
}

/** A minimal request. */
export function chatRequest(overrides: Partial<ModelRequest> = {}): ModelRequest {
  return {
    model: "test-model",
    messages: [{ role: "user", content: "hi" }],
    maxTokens: 256,
    kind: "main",
    ...overrides,
  };
}

/** What one streamed request produced. */
export interface Outcome {
  events: ModelEvent[];
  response?: ModelResponse;
  error?: ModelError;
}

/** Streams one request through the real provider against the fixture server. */
export async function runProvider(
  server: FixtureServer,
  request: ModelRequest = chatRequest(),
  signal: AbortSignal = new AbortController().signal,
): Promise<Outcome> {
  const provider = createOpenAIProvider({ baseURL: `${server.url}/v1` });
  const events: ModelEvent[] = [];
  try {
    for await (const event of provider.stream(request, signal)) events.push(event);
  } catch (error) {
    return { events, error: error as ModelError };
  }
  const last = events.at(-1);
  return { events, ...(last?.type === "response" ? { response: last.response } : {}) };
}
