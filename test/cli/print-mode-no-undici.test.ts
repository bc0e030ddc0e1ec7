import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { SdkMessage } from "../../src/session/sdk-messages.js";
import { jsonLines, KEEL_BIN, KEEL_NODE_FLAGS, only, runKeel } from "../helpers/run-keel.js";
import { anthropicEnv, scriptedServer } from "../helpers/scripted.js";

/** A preload that writes the process's list of loaded internal modules to a file as it exits. */
const MODULE_LOG_PRELOAD = `
const { writeFileSync } = require("node:fs");
process.on("exit", () => {
  writeFileSync(process.env.KEEL_TEST_MODULE_LOG, JSON.stringify(process.moduleLoadList));
});
`;

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "keel-no-undici-"));
  await writeFile(join(dir, "module-log.cjs"), MODULE_LOG_PRELOAD);
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/**
 * Runs `keel -p hi` (stream-json) against a scripted scenario with the module-log preload;
 * returns the run, its output lines, the server, and the internal modules node loaded.
 */
async function printTurn(scenario: unknown, env: Record<string, string> = {}) {
  const server = await scriptedServer(scenario);
  const log = join(dir, "modules.json");
  const run = await runKeel(["-p", "hi", "--output-format", "stream-json", "--verbose"], {
    nodeArgs: [...KEEL_NODE_FLAGS, "-r", join(dir, "module-log.cjs"), KEEL_BIN],
    env: { ...anthropicEnv(server), ...env, KEEL_TEST_MODULE_LOG: log },
  });
  const modules = JSON.parse(await readFile(log, "utf8")) as string[];
  return { run, lines: jsonLines(run.stdout), server, modules };
}

/** The internal modules of Node's fetch implementation among those loaded. */
function undiciModules(modules: string[]): string[] {
  return modules.filter((name) => name.toLowerCase().includes("undici"));
}

type RetryLine = Extract<SdkMessage, { subtype: "api_retry" }>;

describe("keel -p over HTTP never loads undici (Node's fetch implementation)", () => {
  it("answers one turn with node:http and without undici", async () => {
    const { run, lines, server, modules } = await printTurn({ turns: [{ content: "Plain." }] });
    expect(run.code).toBe(0);
    expect(lines.at(-1)).toMatchObject({ type: "result", is_error: false, result: "Plain." });
    // The log is real: it holds what the request was sent with.
    expect(modules).toContain("NativeModule http");
    expect(undiciModules(modules)).toEqual([]);
    expect(server.violations).toEqual([]);
  });

  it("retries a 529 and waits the retry-after of a 429, as before", async () => {
    const { run, lines, server, modules } = await printTurn({
      turns: [
        {
          content: "Recovered.",
          faults: [
            { type: "http_error", status: 529, headers: { "request-id": "req_keel_529" } },
            { type: "http_error", status: 429, headers: { "retry-after": "0.04" } },
          ],
        },
      ],
    });
    const retries = lines.filter(
      (l): l is RetryLine => "subtype" in l && l.subtype === "api_retry",
    );
    // 1 ms is KEEL_RETRY_BASE_MS's backoff; 40 ms is what the 429's retry-after header asked.
    expect(retries.map((r) => [r.attempt, r.error_status, r.error, r.retry_delay_ms])).toEqual([
      [1, 529, "server_error", 1],
      [2, 429, "rate_limit", 40],
    ]);
    expect(lines.at(-1)).toMatchObject({ type: "result", is_error: false, result: "Recovered." });
    expect(server.requests).toHaveLength(3);
    expect(run.code).toBe(0);
    expect(undiciModules(modules)).toEqual([]);
  });

  it("ends on a 529 that outlasts the retries with the same API error text", async () => {
    const { run, lines, modules } = await printTurn(
      { turns: [{ content: "never", faults: [{ type: "http_error", status: 529, times: 3 }] }] },
      { CLAUDE_CODE_MAX_RETRIES: "1" },
    );
    expect(only(lines, "assistant").message.content[0]).toMatchObject({
      text: "API Error: 529 overloaded_error: Overloaded (gave up after 2 attempts)",
    });
    expect(lines.at(-1)).toMatchObject({ is_error: true, api_error_status: 529 });
    expect(run.code).toBe(1);
    expect(undiciModules(modules)).toEqual([]);
  });

  it("reads the body of a 400 into the API error text, and does not retry it", async () => {
    const body = {
      type: "error",
      error: { type: "invalid_request_error", message: "messages.0.content: keel test says no" },
      request_id: "req_keel_400",
    };
    const { run, lines, server, modules } = await printTurn({
      turns: [{ content: "never", faults: [{ type: "http_error", status: 400, body }] }],
    });
    const text = "API Error: 400 invalid_request_error: messages.0.content: keel test says no";
    expect(only(lines, "assistant")).toMatchObject({ error: "invalid_request" });
    expect(only(lines, "assistant").message.content[0]).toMatchObject({ text });
    expect(lines.at(-1)).toMatchObject({ is_error: true, api_error_status: 400, result: text });
    expect(server.requests).toHaveLength(1);
    expect(run.code).toBe(1);
    expect(undiciModules(modules)).toEqual([]);
  });
});
