import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAnthropicProvider } from "../../src/model/anthropic/provider.js";
import { ModelError, type ModelErrorKind } from "../../src/model/errors.js";
import { type FixtureServer, startFixtureServer } from "../helpers/fixture-server.js";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const corpus = path.join(path.resolve(repoRoot, "../shared/protocol"), "anthropic-errors");
const missing = !existsSync(corpus);
if (missing) {
  console.warn(
    `anthropic conformance: corpus missing at ${corpus}; not run: the recorded API error bodies and headers (400 prompt too long, tool_result pairing, prefill, 401, 404, 413, 429, 500, 529) through the Anthropic provider`,
  );
}

/** The kind each recorded error body must be classified as (written by hand). */
const expectedKinds: Record<string, ModelErrorKind> = {
  "400-invalid_request_error.prefill-not-supported.docs.json": "invalid_request",
  "400-invalid_request_error.prompt-too-long-b.json": "prompt_too_long",
  "400-invalid_request_error.prompt-too-long.json": "prompt_too_long",
  "400-invalid_request_error.tool-result-without-tool-use.json": "invalid_request",
  "401-authentication_error.json": "auth",
  "404-not_found_error.docs.json": "not_found",
  "413-request_too_large.json": "request_too_large",
  "429-rate_limit_error.input-tokens-per-minute.json": "rate_limit",
  "429-rate_limit_error.prompt-bytes-per-hour.json": "rate_limit",
  "500-api_error.json": "server",
  "529-overloaded_error.json": "overloaded",
};

/** Error bodies: not the header sidecars, and not the 200 example (it is not an error). */
const bodies = missing
  ? []
  : readdirSync(corpus)
      .filter((n) => n.endsWith(".json") && !n.endsWith(".headers.json") && !n.startsWith("200-"))
      .sort();

/** Headers that describe the recorded transfer, not the error; node sets its own. */
const TRANSFER_HEADERS = new Set([
  "content-length",
  "connection",
  "transfer-encoding",
  "content-encoding",
]);

function recordedResponse(name: string): { status: number; headers: Record<string, string> } {
  const sidecar = path.join(corpus, name.replace(/\.json$/, ".headers.json"));
  if (!existsSync(sidecar)) {
    return { status: Number.parseInt(name, 10), headers: { "content-type": "application/json" } };
  }
  const recorded = JSON.parse(readFileSync(sidecar, "utf8")) as {
    status: number;
    headers: Record<string, string>;
  };
  const headers = Object.fromEntries(
    Object.entries(recorded.headers).filter(([key]) => !TRANSFER_HEADERS.has(key.toLowerCase())),
  );
  return { status: recorded.status, headers };
}

let server: FixtureServer;
beforeAll(async () => {
  if (!missing) server = await startFixtureServer();
});
afterAll(async () => {
  await server?.close();
});

async function failureFor(name: string): Promise<ModelError> {
  const { status, headers } = recordedResponse(name);
  server.enqueue({ status, headers, body: readFileSync(path.join(corpus, name), "utf8") });
  const provider = createAnthropicProvider({ apiKey: "sk-conformance", baseURL: server.url });
  try {
    for await (const _event of provider.stream(
      {
        model: "claude-conformance",
        maxTokens: 1024,
        messages: [{ role: "user", content: "hi" }],
        kind: "main",
      },
      new AbortController().signal,
    )) {
      // An error response yields nothing.
    }
  } catch (error) {
    if (error instanceof ModelError) return error;
    throw error;
  }
  throw new Error(`${name} did not fail`);
}

describe.skipIf(missing)("recorded Anthropic error responses through the provider", () => {
  it("every recorded body has an expected kind", () => {
    expect(bodies.sort()).toEqual(Object.keys(expectedKinds).sort());
  });

  it.each(bodies)("%s is classified by kind and status", async (name) => {
    const error = await failureFor(name);
    expect(error.kind).toBe(expectedKinds[name]);
    expect(error.status).toBe(recordedResponse(name).status);
    expect(error.afterContent).toBe(false);
  });

  it("prompt too long carries the token counts of its message", async () => {
    expect((await failureFor("400-invalid_request_error.prompt-too-long.json")).info).toEqual({
      kind: "prompt_too_long",
      actualTokens: 219898,
      limitTokens: 200000,
    });
    expect((await failureFor("400-invalid_request_error.prompt-too-long-b.json")).info).toEqual({
      kind: "prompt_too_long",
      actualTokens: 200251,
      limitTokens: 200000,
    });
  });

  it("the tool_result pairing 400 keeps x-should-retry: false and its request id", async () => {
    const error = await failureFor("400-invalid_request_error.tool-result-without-tool-use.json");
    expect(error.shouldRetryHeader).toBe(false);
    expect(error.requestId).toBe("req_011CYHyk9NPsBYeGbC9LuDNK");
  });

  it("the recorded 529 keeps x-should-retry: true and its request-id header", async () => {
    const error = await failureFor("529-overloaded_error.json");
    expect(error.shouldRetryHeader).toBe(true);
    expect(error.requestId).toBe("req_01RCc7MbLyQNtGKzBTv8VCep");
  });

  it("the 413 served without an API envelope is still request_too_large", async () => {
    const error = await failureFor("413-request_too_large.json");
    expect(error.info).toEqual({ kind: "request_too_large" });
    expect(error.message).toContain("Request exceeds the maximum size");
  });
});
