import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SdkMessage, SdkResult } from "../../src/session/sdk-messages.js";
import { jsonLines, KEEL_BIN, KEEL_NODE_FLAGS, only, runKeel } from "../helpers/run-keel.js";
import {
  endpointOf,
  plannedServer,
  pointedAt,
  refusedPort,
  selfSignedServer,
  type Wire,
} from "./network-servers.js";

// keel -p against real servers on 127.0.0.1 that refuse, hang before headers, go silent
// mid-stream or present a self-signed certificate (contracts §5, connection causes). Limits
// are made small through the environment; nothing here measures time.

/** Stands in for a resolver that knows no `*.keel-test` name (no network is used). */
const NO_SUCH_NAME_PRELOAD = `
const dns = require("node:dns");
const lookup = dns.lookup;
dns.lookup = function (hostname, options, callback) {
  if (!String(hostname).endsWith(".keel-test")) return lookup.apply(this, arguments);
  const done = typeof options === "function" ? options : callback;
  const error = new Error("getaddrinfo ENOTFOUND " + hostname);
  Object.assign(error, { errno: -3008, code: "ENOTFOUND", syscall: "getaddrinfo", hostname });
  process.nextTick(done, error);
};
`;

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "keel-network-"));
  await writeFile(join(dir, "no-such-name.cjs"), NO_SUCH_NAME_PRELOAD);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Runs `keel -p hi` pointed at `baseUrl` on `wire`, with `extra` flags and environment. */
function keelAt(
  wire: Wire,
  baseUrl: string,
  extra: { args?: string[]; env?: Record<string, string>; nodeArgs?: string[] } = {},
) {
  const target = pointedAt(wire, baseUrl);
  return runKeel(["-p", "hi", ...target.args, ...(extra.args ?? [])], {
    env: { ...target.env, ...extra.env },
    ...(extra.nodeArgs ? { nodeArgs: extra.nodeArgs } : {}),
  });
}

const STREAM_JSON = ["--output-format", "stream-json", "--verbose"];
const JSON_OUTPUT = ["--output-format", "json"];

function retries(lines: SdkMessage[]) {
  return lines.filter((l) => l.type === "system" && l.subtype === "api_retry");
}

describe.each<Wire>(["anthropic", "openai"])("network errors through keel -p (%s)", (wire) => {
  it("a refused connection is retried twice, then one line names the URL and the cause", async () => {
    const base = `http://127.0.0.1:${await refusedPort()}${wire === "openai" ? "/v1" : ""}`;
    const run = await keelAt(wire, base);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe(
      `API Error: ECONNREFUSED at ${endpointOf(wire, base)}: connection refused (gave up after 3 attempts)\n`,
    );
    expect(run.stderr).not.toContain("Warning");
  });

  it("a refused connection's retries and error are labelled unknown, never server_error", async () => {
    const base = `http://127.0.0.1:${await refusedPort()}${wire === "openai" ? "/v1" : ""}`;
    const run = await keelAt(wire, base, { args: STREAM_JSON });
    const lines = jsonLines(run.stdout);
    expect(retries(lines)).toMatchObject([
      { attempt: 1, max_retries: 2, error: "unknown", error_status: null },
      { attempt: 2, max_retries: 2, error: "unknown", error_status: null },
    ]);
    const failed = lines.filter((l) => l.type === "assistant").at(-1);
    expect(failed).toMatchObject({ error: "unknown" });
    expect(only(lines, "result")).toMatchObject({ is_error: true, terminal_reason: "completed" });
    expect(run.stdout).not.toContain("server_error");
    expect(run.code).toBe(1);
  });

  it("a host name DNS does not know is not retried; the line names the URL and the cause", async () => {
    const base = `http://api.keel-test${wire === "openai" ? "/v1" : ""}`;
    const nodeArgs = [...KEEL_NODE_FLAGS, "-r", join(dir, "no-such-name.cjs"), KEEL_BIN];
    const run = await keelAt(wire, base, { args: STREAM_JSON, nodeArgs });
    const lines = jsonLines(run.stdout);
    expect(retries(lines)).toEqual([]);
    expect(only(lines, "result").result).toBe(
      `API Error: ENOTFOUND at ${endpointOf(wire, base)}: DNS has no such name (api.keel-test)`,
    );
    expect(run.stdout).not.toContain("server_error");
    expect(run.code).toBe(1);
  });

  it("a self-signed certificate is not retried; the line names the URL, the cause and the fix", async () => {
    const server = await selfSignedServer(wire, dir);
    const run = await keelAt(wire, server.baseUrl, { args: JSON_OUTPUT });
    const result = JSON.parse(run.stdout) as SdkResult;
    expect(result.result).toBe(
      `API Error: DEPTH_ZERO_SELF_SIGNED_CERT at ${endpointOf(wire, server.baseUrl)}: TLS certificate not trusted (self-signed certificate); NODE_EXTRA_CA_CERTS=<ca.pem> trusts a private CA`,
    );
    expect(result.is_error).toBe(true);
    expect(run.code).toBe(1);
    expect(server.connections()).toBe(1);
    expect(server.requests()).toBe(0);
  });

  it("the same server is used once NODE_EXTRA_CA_CERTS names its certificate", async () => {
    const server = await selfSignedServer(wire, dir);
    const run = await keelAt(wire, server.baseUrl, {
      env: { NODE_EXTRA_CA_CERTS: join(dir, "cert.pem") },
    });
    expect(run.stdout).toBe("Hello from the server\n");
    expect(run.code).toBe(0);
  });

  it("a server that sends no headers within API_TIMEOUT_MS is given up on, then retried", async () => {
    const server = await plannedServer(wire, ["hang"]);
    const run = await keelAt(wire, server.baseUrl, {
      args: JSON_OUTPUT,
      env: { API_TIMEOUT_MS: "300", CLAUDE_CODE_MAX_RETRIES: "1" },
    });
    const result = JSON.parse(run.stdout) as SdkResult;
    expect(result.result).toBe(
      `API Error: no response headers from ${endpointOf(wire, server.baseUrl)} within 300 ms (API_TIMEOUT_MS) (gave up after 2 attempts)`,
    );
    expect(server.requests()).toBe(2);
    expect(run.code).toBe(1);
  });

  it("a request retried after a headers timeout carries on when the server answers", async () => {
    const server = await plannedServer(wire, ["hang", "answer"]);
    const run = await keelAt(wire, server.baseUrl, { env: { API_TIMEOUT_MS: "300" } });
    expect(run.stdout).toBe("Hello from the server\n");
    expect(run.code).toBe(0);
    expect(server.requests()).toBe(2);
  });

  it("a stream silent for KEEL_STREAM_IDLE_TIMEOUT_MS mid-response is given up on, then retried", async () => {
    const server = await plannedServer(wire, ["stall"]);
    const run = await keelAt(wire, server.baseUrl, {
      args: JSON_OUTPUT,
      env: { KEEL_STREAM_IDLE_TIMEOUT_MS: "300", CLAUDE_CODE_MAX_RETRIES: "1" },
    });
    const result = JSON.parse(run.stdout) as SdkResult;
    expect(result.result).toBe(
      `API Error: ${endpointOf(wire, server.baseUrl)} sent nothing (no event, no ping) for 300 ms mid-response (KEEL_STREAM_IDLE_TIMEOUT_MS) (gave up after 2 attempts)`,
    );
    expect(server.requests()).toBe(2);
    expect(run.code).toBe(1);
  });

  it("a request retried after a silent stream carries on when the server answers", async () => {
    const server = await plannedServer(wire, ["stall", "answer"]);
    const run = await keelAt(wire, server.baseUrl, {
      env: { KEEL_STREAM_IDLE_TIMEOUT_MS: "300" },
    });
    expect(run.stdout).toBe("Hello from the server\n");
    expect(run.code).toBe(0);
    expect(server.requests()).toBe(2);
  });

  it("keep-alive pings are not silence: a slow answer that pings is waited for", async () => {
    const server = await plannedServer(wire, ["pings-then-answer"]);
    const run = await keelAt(wire, server.baseUrl, {
      env: { KEEL_STREAM_IDLE_TIMEOUT_MS: "1000" },
    });
    expect(run.stdout).toBe("Hello from the server\n");
    expect(server.requests()).toBe(1);
  });
});

describe("a stream that goes silent after a block completed (Messages API)", () => {
  it("keeps the block and asks the model to continue from where the stream stopped", async () => {
    const server = await plannedServer("anthropic", ["stall-after-block", "answer"]);
    const run = await keelAt("anthropic", server.baseUrl, {
      env: { KEEL_STREAM_IDLE_TIMEOUT_MS: "300" },
    });
    expect(run.stdout).toBe("Hello from the server\n");
    expect(run.code).toBe(0);
    const [, continued] = server.bodies();
    expect(JSON.parse(continued ?? "{}").messages).toMatchObject([
      { role: "user" },
      { role: "assistant", content: [{ type: "text", text: "Part one." }] },
      { role: "user", content: [{ text: expect.stringContaining("cut off mid-stream") }] },
    ]);
  });
});
