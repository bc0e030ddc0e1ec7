import path from "node:path";
import { fileURLToPath } from "node:url";
import Anthropic from "@anthropic-ai/sdk";
import type { ModelEvent, ModelRequest, ModelResponse } from "../../../src/model/provider.js";
import { parseScenario, type Scenario } from "../../../src/model/scripted/scenario.js";
import {
  type ScriptedServer,
  type ScriptedServerOptions,
  startScriptedServer,
} from "../../../src/model/scripted/server.js";
import type { ApiMessageParam } from "../../../src/protocol/api.js";
import { afterEachTest } from "../../helpers/after-each-test.js";

/** The path of a scripted-model fixture. */
export function fixture(name: string): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  return path.resolve(here, "../../fixtures/scripted", name);
}

/** A scenario from an inline object (tests name it after themselves). */
export function scenarioOf(value: unknown, name = "test.json"): Scenario {
  return parseScenario(value, name);
}

const open: ScriptedServer[] = [];

afterEachTest(async () => {
  await Promise.all(open.splice(0).map((server) => server.close()));
});

/** Starts a scripted server that is closed after the test. */
export async function serve(
  scenario: Scenario,
  options: Omit<ScriptedServerOptions, "scenario"> = {},
): Promise<ScriptedServer> {
  const server = await startScriptedServer({ scenario, ...options });
  open.push(server);
  return server;
}

/** The official SDK client, pointed at a server, its own retries off (as keel runs it). */
export function sdkClient(server: ScriptedServer): Anthropic {
  return new Anthropic({ baseURL: server.url, apiKey: "test", maxRetries: 0 });
}

/** A one-message user prompt. */
export const HELLO: ApiMessageParam[] = [{ role: "user", content: "What is in this folder?" }];

/** A minimal valid request body for raw HTTP tests. */
export function body(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { model: "claude-sonnet-5", max_tokens: 1024, messages: HELLO, ...extra };
}

/** POSTs a JSON body to the server's Messages endpoint. */
export function post(
  server: ScriptedServer,
  payload: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(`${server.url}/v1/messages`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(payload),
  });
}

/** A ModelRequest for the in-process provider. */
export function modelRequest(extra: Partial<ModelRequest> = {}): ModelRequest {
  return { model: "claude-sonnet-5", messages: HELLO, maxTokens: 1024, kind: "main", ...extra };
}

/** Drains a provider stream. */
export async function drain(stream: AsyncIterable<ModelEvent>): Promise<ModelEvent[]> {
  const events: ModelEvent[] = [];
  for await (const event of stream) events.push(event);
  return events;
}

/** The final response of a drained stream. */
export function responseOf(events: ModelEvent[]): ModelResponse {
  const last = events.at(-1);
  if (last?.type !== "response") throw new Error("the stream did not end with a response");
  return last.response;
}

/** Awaits a promise that must reject, and returns its error. */
export async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected a rejection");
}

/** The events of an SSE body: `event:` name and parsed `data:` per blank-line-separated event. */
export function parseSse(text: string): Array<{ event: string; data: Record<string, unknown> }> {
  return text
    .split("\n\n")
    .filter((chunk) => chunk.trim() !== "")
    .map((chunk) => {
      const lines = chunk.split("\n");
      const event = lines.find((l) => l.startsWith("event: "))?.slice(7) ?? "";
      const data = lines.find((l) => l.startsWith("data: "))?.slice(6) ?? "{}";
      return { event, data: JSON.parse(data) as Record<string, unknown> };
    });
}

/** Resolves once `condition` holds, checking on every turn of the event loop. */
export async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setImmediate(resolve));
}
