import { mkdtemp, realpath, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { jsonLines, runKeel } from "../helpers/run-keel.js";
import { anthropicEnv, scriptedServer } from "../helpers/scripted.js";

let dir: string;

beforeEach(async () => {
  dir = await realpath(await mkdtemp(join(tmpdir(), "keel-stdin-")));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const user = (text: string) =>
  JSON.stringify({
    type: "user",
    message: { role: "user", content: text },
    parent_tool_use_id: null,
  });

async function keel(scenario: unknown, stdin: string) {
  const server = await scriptedServer(scenario);
  const run = await runKeel(
    ["--input-format", "stream-json", "--output-format", "stream-json", "--verbose"],
    { cwd: dir, env: anthropicEnv(server), stdin },
  );
  return { run, server, lines: jsonLines(run.stdout) };
}

describe("--input-format stream-json: one conversation from stdin in one process", () => {
  it("answers each message as a turn of the same session, with its own init and result", async () => {
    const { run, server, lines } = await keel(
      { turns: [{ content: "first answer" }, { content: "second answer" }] },
      `${user("first question")}\n${user("second question")}\n`,
    );
    expect(run.code).toBe(0);
    const results = lines.filter((l) => l.type === "result");
    expect(results.map((r) => r.type === "result" && r.result)).toEqual([
      "first answer",
      "second answer",
    ]);
    const inits = lines.filter((l) => l.type === "system" && l.subtype === "init");
    expect(inits).toHaveLength(2);
    expect(new Set(lines.map((l) => l.session_id)).size).toBe(1);
    expect(JSON.stringify(server.requests[1]?.body)).toContain("first question");
    expect(server.violations).toEqual([]);
  });

  it("absorbs a message that arrives during a turn after the tool results: one turn, one result", async () => {
    const { run, server, lines } = await keel(
      {
        turns: [
          { content: [{ type: "tool_use", name: "Glob", input: { pattern: "*" } }] },
          { content: "did both" },
        ],
      },
      `${user("list the files")}\n${user("and count them")}\n`,
    );
    expect(run.code).toBe(0);
    expect(lines.filter((l) => l.type === "result")).toHaveLength(1);
    const last = JSON.stringify(server.requests[1]?.body);
    expect(last.indexOf("tool_result")).toBeLessThan(last.indexOf("and count them"));
    expect(server.requests).toHaveLength(2);
  });

  it("stops at a line it cannot read, says which, and exits 1", async () => {
    const { run, server } = await keel({ turns: [{ content: "never" }] }, "not json\n");
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("stdin line 1: not valid JSON");
    expect(server.requests).toHaveLength(0);
  });

  it("answers a control request it does not support with an error response", async () => {
    const request = JSON.stringify({
      type: "control_request",
      request_id: "r1",
      request: { subtype: "no_such_subtype" },
    });
    const { lines } = await keel({ turns: [{ content: "ok" }] }, `${request}\n${user("hi")}\n`);
    expect(lines[0]).toMatchObject({
      type: "control_response",
      response: { subtype: "error", request_id: "r1", error_code: "unsupported_request" },
    });
  });

  it("answers initialize and get_binary_version, ignores keep_alive and stray answers", async () => {
    const request = (id: string, subtype: string) =>
      JSON.stringify({ type: "control_request", request_id: id, request: { subtype } });
    const stray = JSON.stringify({
      type: "control_response",
      response: { subtype: "success", request_id: "nobody", response: {} },
    });
    const { run, lines } = await keel(
      { turns: [{ content: "ok" }] },
      [
        request("i1", "initialize"),
        '{"type":"keep_alive"}',
        stray,
        request("v1", "get_binary_version"),
        user("hi"),
      ]
        .map((l) => `${l}\n`)
        .join(""),
    );
    expect(run.code).toBe(0);
    expect(lines[0]).toMatchObject({
      type: "control_response",
      response: { subtype: "success", request_id: "i1", response: { output_style: "default" } },
    });
    expect(lines[1]).toMatchObject({ response: { subtype: "success", request_id: "v1" } });
    expect(lines.filter((l) => l.type === "result")).toHaveLength(1);
  });

  it("exits 1 at a malformed line that follows a good one, after the turn already queued", async () => {
    const { run, lines } = await keel(
      { turns: [{ content: "ok" }] },
      `${user("hi")}\n{"type":"user"}\n`,
    );
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('stdin line 2: a "user" line is malformed');
    expect(lines.filter((l) => l.type === "result")).toHaveLength(1);
  });
});
