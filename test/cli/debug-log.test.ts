import { existsSync, readFileSync } from "node:fs";
import { mkdir, mkdtemp, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { debugFilter } from "../../src/cli/debug-log.js";
import { runKeel } from "../helpers/run-keel.js";
import { anthropicEnv, scriptedServer } from "../helpers/scripted.js";

let dir: string;
let stateDir: string;

beforeEach(async () => {
  dir = await realpath(await mkdtemp(join(tmpdir(), "keel-debug-")));
  stateDir = await mkdtemp(join(tmpdir(), "keel-debug-state-"));
  await mkdir(join(dir, ".claude"));
  await writeFile(
    join(dir, ".claude", "settings.json"),
    JSON.stringify({
      hooks: { UserPromptSubmit: [{ hooks: [{ type: "command", command: "exit 0" }] }] },
    }),
  );
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
  await rm(stateDir, { recursive: true, force: true });
});

/** A turn that asks to write a file (denied in print mode), then answers. */
async function keel(args: string[]) {
  const server = await scriptedServer({
    turns: [
      {
        content: [{ type: "tool_use", name: "Write", input: { file_path: "a.txt", content: "x" } }],
      },
      { content: "Done." },
    ],
  });
  const run = await runKeel(["-p", "write it", ...args], {
    cwd: dir,
    env: { ...anthropicEnv(server), KEEL_CONFIG_DIR: stateDir },
  });
  expect(server.violations).toEqual([]);
  return run;
}

const LINE = /^\d{4}-\d\d-\d\dT[\d:.]+Z \[(session|api|loop|hooks|permissions)\] /;

describe("--debug and --debug-file", () => {
  it("--debug-file logs requests, transitions, hooks and permission decisions with timings", async () => {
    const file = join(dir, "logs", "debug.txt");
    const run = await keel(["--debug-file", file]);
    expect(run.code).toBe(0);
    expect(run.stderr).toBe("");
    const lines = readFileSync(file, "utf8").trim().split("\n");
    for (const line of lines) expect(line).toMatch(LINE);
    const text = lines.join("\n");
    expect(text).toMatch(/\[session\] session [0-9a-f-]{36} in /);
    expect(text).toMatch(/\[hooks\] UserPromptSubmit running: exit 0/);
    expect(text).toMatch(/\[hooks\] UserPromptSubmit exit 0 after \d+ ms: exit 0/);
    expect(text).toMatch(
      /\[api\] request kind=main agent=main model=\S+ messages=1 tools=\d+ max_tokens=\d+/,
    );
    expect(text).toMatch(/\[api\] stream began after \d+ ms/);
    expect(text).toMatch(
      /\[api\] response \S+ stop_reason=tool_use input_tokens=\d+ output_tokens=\d+ after \d+ ms/,
    );
    expect(text).toMatch(/\[permissions\] Write deny: .+ \(\d+ ms\)/);
    expect(text).toMatch(/\[loop\] \[turn 1\] .*next_turn/);
    expect(text).toMatch(/\[api\] response \S+ stop_reason=end_turn/);
    expect(text).toMatch(/\[loop\] \[turn 2\] .*completed/);
  });

  it("--debug writes to the state folder's debug/<session-id>.txt and says where once", async () => {
    const run = await keel(["--debug", "--output-format", "json"]);
    expect(run.code).toBe(0);
    const sessionId = JSON.parse(run.stdout).session_id as string;
    const path = join(stateDir, "debug", `${sessionId}.txt`);
    expect(run.stderr).toBe(`keel: debug log: ${path}\n`);
    expect(readFileSync(path, "utf8")).toContain("[api] request kind=main");
  });

  it("--debug's filter keeps only the categories named, or leaves out the ones negated", async () => {
    const only = join(dir, "only.txt");
    await keel([`--debug=api,permissions`, "--debug-file", only]);
    const categories = new Set(
      readFileSync(only, "utf8")
        .trim()
        .split("\n")
        .map((line) => LINE.exec(line)?.[1]),
    );
    expect([...categories].sort()).toEqual(["api", "permissions"]);
    const without = join(dir, "without.txt");
    await keel(["--debug=!api", "--debug-file", without]);
    const text = readFileSync(without, "utf8");
    expect(text).not.toContain("[api]");
    expect(text).toContain("[loop]");
  });

  it("no debug flag, no debug log", async () => {
    await keel([]);
    expect(existsSync(join(stateDir, "debug"))).toBe(false);
  });

  it("reads filters as Claude Code writes them", () => {
    expect(debugFilter(undefined)("hooks")).toBe(true);
    expect(debugFilter("api, hooks")("hooks")).toBe(true);
    expect(debugFilter("api,hooks")("loop")).toBe(false);
    expect(debugFilter("!hooks,!loop")("api")).toBe(true);
    expect(debugFilter("!hooks,!loop")("loop")).toBe(false);
  });
});
