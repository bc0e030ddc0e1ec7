import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createAnthropicProvider } from "../../../src/model/anthropic/provider.js";
import { ModelError } from "../../../src/model/errors.js";
import type {
  ModelEvent,
  ModelProvider,
  ModelRequest,
  ModelResponse,
} from "../../../src/model/provider.js";
import type { CannedResponse, FixtureServer } from "../../helpers/fixture-server.js";

const fixtures = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "../../fixtures/anthropic",
);

/** The text of one of our Anthropic fixtures (test/fixtures/anthropic). */
export function fixture(name: string): string {
  return readFileSync(path.join(fixtures, name), "utf8");
}

/** A 200 event-stream response carrying `body`. */
export function sseResponse(body: string, headers: Record<string, string> = {}): CannedResponse {
  return { status: 200, headers: { "content-type": "text/event-stream", ...headers }, body };
}

/** A JSON error response. */
export function errorResponse(
  status: number,
  body: string,
  headers: Record<string, string> = {},
): CannedResponse {
  return { status, headers: { "content-type": "application/json", ...headers }, body };
}

/** A small request; tests override what they look at. */
export function modelRequest(overrides: Partial<ModelRequest> = {}): ModelRequest {
  return {
    model: "claude-keel-test",
    maxTokens: 1024,
    messages: [{ role: "user", content: "What do the tides do?" }],
    kind: "main",
    ...overrides,
  };
}

/** A provider pointed at the fixture server, with an API key. */
export function providerFor(
  server: FixtureServer,
  extra: Parameters<typeof createAnthropicProvider>[0] = {},
): ModelProvider {
  return createAnthropicProvider({ apiKey: "sk-keel-test", baseURL: server.url, ...extra });
}

/** Everything a stream produced, and the ModelError it ended with (if any). */
export interface Outcome {
  events: ModelEvent[];
  error?: ModelError;
}

/** Drains a provider stream; a non-ModelError failure fails the test. */
export async function drain(stream: AsyncGenerator<ModelEvent, void, undefined>): Promise<Outcome> {
  const events: ModelEvent[] = [];
  try {
    for await (const event of stream) events.push(event);
    return { events };
  } catch (error) {
    if (!(error instanceof ModelError)) throw error;
    return { events, error };
  }
}

/** The final response of an outcome; fails when the stream did not complete. */
export function responseOf(outcome: Outcome): ModelResponse {
  const last = outcome.events.at(-1);
  if (outcome.error || last?.type !== "response") {
    throw new Error(`stream did not complete: ${outcome.error?.message ?? "no response event"}`);
  }
  return last.response;
}

/** The `block` events of an outcome, in order. */
export function blocksOf(outcome: Outcome): Extract<ModelEvent, { type: "block" }>[] {
  return outcome.events.filter(
    (e): e is Extract<ModelEvent, { type: "block" }> => e.type === "block",
  );
}
