import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runKeel } from "../helpers/run-keel.js";
import { anthropicEnv, scriptedServer } from "../helpers/scripted.js";

let dir: string;

beforeEach(async () => {
  dir = await realpath(await mkdtemp(join(tmpdir(), "keel-bare-")));
  await mkdir(join(dir, ".claude"));
  await writeFile(join(dir, "CLAUDE.md"), "The codename is PELICAN.\n");
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A hook of every event keel runs in print mode, each leaving a file named for its event. */
const EVENTS = [
  "SessionStart",
  "UserPromptSubmit",
  "PreToolUse",
  "PostToolUse",
  "Stop",
  "SessionEnd",
] as const;

function everyHook(): Record<string, unknown> {
  return Object.fromEntries(
    EVENTS.map((event) => [
      event,
      [{ matcher: "*", hooks: [{ type: "command", command: `touch "${dir}/ran-${event}"` }] }],
    ]),
  );
}

async function settings(value: Record<string, unknown>): Promise<void> {
  await writeFile(join(dir, ".claude", "settings.json"), JSON.stringify(value));
}

async function ranHooks(): Promise<string[]> {
  return (await readdir(dir)).filter((name) => name.startsWith("ran-")).sort();
}

async function keel(args: string[] = []) {
  const server = await scriptedServer({
    turns: [
      { content: [{ type: "tool_use", name: "Glob", input: { pattern: "*.md" } }] },
      { content: "Done." },
    ],
  });
  const run = await runKeel(["-p", "look", ...args], { cwd: dir, env: anthropicEnv(server) });
  expect(server.violations).toEqual([]);
  return { run, server, sent: JSON.stringify(server.requests.map((r) => r.body)) };
}

describe("disableAllHooks and --bare", () => {
  it("runs every configured hook, and reads CLAUDE.md, by default", async () => {
    await settings({ hooks: everyHook() });
    const { run, sent } = await keel();
    expect(run.code).toBe(0);
    expect(await ranHooks()).toEqual(EVENTS.map((e) => `ran-${e}`).sort());
    expect(sent).toContain("The codename is PELICAN.");
  });

  it("disableAllHooks stops every hook, and says nothing about the key", async () => {
    await settings({ hooks: everyHook(), disableAllHooks: true });
    const { run, sent } = await keel();
    expect(run.code).toBe(0);
    expect(run.stdout).toBe("Done.\n");
    expect(await ranHooks()).toEqual([]);
    expect(run.stderr).toBe("");
    expect(sent).toContain("The codename is PELICAN.");
  });

  it("a higher settings file's disableAllHooks: false turns the hooks back on", async () => {
    await settings({ hooks: everyHook(), disableAllHooks: true });
    await writeFile(
      join(dir, ".claude", "settings.local.json"),
      JSON.stringify({ disableAllHooks: false }),
    );
    await keel();
    expect(await ranHooks()).toHaveLength(EVENTS.length);
  });

  it("--bare runs no hooks and reads no memory file", async () => {
    await settings({ hooks: everyHook() });
    const { run, sent } = await keel(["--bare"]);
    expect(run.code).toBe(0);
    expect(await ranHooks()).toEqual([]);
    expect(sent).not.toContain("PELICAN");
    expect(existsSync(join(dir, "CLAUDE.md"))).toBe(true);
  });
});
