import { chmod, mkdir, mkdtemp, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type RunKeelOptions, runKeel } from "../helpers/run-keel.js";
import { anthropicEnv, scriptedServer } from "../helpers/scripted.js";

let dir: string;
let stateDir: string;

beforeEach(async () => {
  dir = await realpath(await mkdtemp(join(tmpdir(), "keel-hook-events-")));
  stateDir = await mkdtemp(join(tmpdir(), "keel-state-"));
  await mkdir(join(dir, ".claude"));
  await writeFile(join(dir, "here.txt"), "hello");
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
  await rm(stateDir, { recursive: true, force: true });
});

type Line = Record<string, unknown> & { type: string; subtype?: string };

async function script(name: string, body: string): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, `#!/bin/sh\n${body}\n`);
  await chmod(path, 0o755);
  return path;
}

async function settings(hooks: Record<string, string[]>): Promise<void> {
  const config = Object.fromEntries(
    Object.entries(hooks).map(([event, commands]) => [
      event,
      [{ hooks: commands.map((command) => ({ type: "command", command })) }],
    ]),
  );
  await writeFile(join(dir, ".claude", "settings.json"), JSON.stringify({ hooks: config }));
}

const READ_TURNS = () => ({
  turns: [
    {
      content: [
        {
          type: "tool_use",
          id: "toolu_1",
          name: "Read",
          input: { file_path: join(dir, "here.txt") },
        },
      ],
    },
    { content: "done" },
  ],
});

/**
 * keel -p over the Read turns; with `onStdout` (the progress test) a running hook's output is
 * reported every 20 ms, otherwise at the default second (a slow machine could otherwise add
 * progress lines to a test about starts and responses).
 */
async function keel(flags: string[], onStdout?: RunKeelOptions["onStdout"]) {
  const progressEnv: Record<string, string> = onStdout ? { KEEL_HOOK_PROGRESS_MS: "20" } : {};
  const server = await scriptedServer(READ_TURNS());
  const run = await runKeel(
    ["-p", "read it", "--output-format", "stream-json", "--verbose", ...flags],
    {
      cwd: dir,
      env: { ...anthropicEnv(server), KEEL_CONFIG_DIR: stateDir, ...progressEnv },
      ...(onStdout ? { onStdout } : {}),
    },
  );
  const lines = run.stdout
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => JSON.parse(l) as Line);
  return { run, lines };
}

const hookLines = (lines: Line[]) => lines.filter((l) => String(l.subtype).startsWith("hook_"));

describe("--include-hook-events in keel -p stream-json", () => {
  it("prints hook_started then hook_response for each hook, with its output, exit code and outcome, where it ran", async () => {
    const ok = await script("ok.sh", "printf 'checked'; printf 'a note' >&2");
    const bad = await script("bad.sh", "printf 'nope' >&2; exit 1");
    await settings({ PreToolUse: [ok, bad] });
    const { run, lines } = await keel(["--include-hook-events"]);
    expect(run.code).toBe(0);
    const sessionId = lines.find((l) => l.type === "result")?.session_id;
    const hooks = hookLines(lines);
    expect(hooks.map((l) => l.subtype).sort()).toEqual([
      "hook_response",
      "hook_response",
      "hook_started",
      "hook_started",
    ]);
    for (const line of hooks) {
      expect(line.type).toBe("system");
      expect(line.hook_name).toBe("PreToolUse:Read");
      expect(line.hook_event).toBe("PreToolUse");
      expect(line.session_id).toBe(sessionId);
      expect(typeof line.uuid).toBe("string");
    }
    const responses = hooks.filter((l) => l.subtype === "hook_response");
    const byOutcome = Object.fromEntries(responses.map((l) => [l.outcome as string, l]));
    expect(Object.keys(byOutcome).sort()).toEqual(["error", "success"]);
    const { uuid: _a, hook_id: okId, session_id: _s1, ...okRest } = byOutcome.success!;
    expect(okRest).toEqual({
      type: "system",
      subtype: "hook_response",
      hook_name: "PreToolUse:Read",
      hook_event: "PreToolUse",
      stdout: "checked",
      stderr: "a note",
      output: "checked",
      exit_code: 0,
      outcome: "success",
    });
    expect(byOutcome.error).toMatchObject({ stdout: "", stderr: "nope", exit_code: 1 });
    // Each response follows its own start; both run between the tool call and its result.
    const index = (l: Line) => lines.indexOf(l);
    const started = hooks.find((l) => l.subtype === "hook_started" && l.hook_id === okId)!;
    expect(index(started)).toBeLessThan(index(byOutcome.success!));
    const call = lines.findIndex((l) => l.type === "assistant");
    const result = lines.findIndex((l) => l.type === "user");
    for (const line of hooks) {
      expect(index(line)).toBeGreaterThan(call);
      expect(index(line)).toBeLessThan(result);
    }
  });

  it("prints no hook messages without the flag (the hooks still run)", async () => {
    const ok = await script("ok.sh", `printf 'ran' > '${dir}/ran.txt'`);
    await settings({ PreToolUse: [ok] });
    const { run, lines } = await keel([]);
    expect(run.code).toBe(0);
    expect(hookLines(lines)).toEqual([]);
    expect(lines.some((l) => l.type === "result")).toBe(true);
  });

  it("prints hook_progress with a running hook's output so far", async () => {
    const go = join(dir, "go");
    const slow = await script(
      "slow.sh",
      `printf 'first'\ni=0\nwhile [ ! -f '${go}' ] && [ $i -lt 600 ]; do sleep 0.05; i=$((i+1)); done\nprintf ' second'`,
    );
    await settings({ UserPromptSubmit: [slow] });
    let released = false;
    const { run, lines } = await keel(["--include-hook-events"], (chunk) => {
      if (!released && chunk.includes('"hook_progress"')) {
        released = true;
        void writeFile(go, "");
      }
    });
    expect(run.code).toBe(0);
    const hooks = hookLines(lines);
    const progress = hooks.find((l) => l.subtype === "hook_progress");
    expect(progress).toMatchObject({
      type: "system",
      hook_name: "UserPromptSubmit",
      hook_event: "UserPromptSubmit",
      stdout: "first",
      stderr: "",
      output: "first",
    });
    const response = hooks.find((l) => l.subtype === "hook_response");
    expect(response).toMatchObject({ stdout: "first second", outcome: "success" });
    // Started first, the response last, progress between (each time the output changed).
    const kinds = hooks.map((l) => l.subtype);
    expect(kinds[0]).toBe("hook_started");
    expect(kinds.at(-1)).toBe("hook_response");
    expect(new Set(kinds.slice(1, -1))).toEqual(new Set(["hook_progress"]));
    const outputs = hooks.filter((l) => l.subtype === "hook_progress").map((l) => l.stdout);
    expect(new Set(outputs).size).toBe(outputs.length);
    expect(new Set(hooks.map((l) => l.hook_id)).size).toBe(1);
  });
});
