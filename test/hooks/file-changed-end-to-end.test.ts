import { spawn } from "node:child_process";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { KEEL_NODE_ARGS } from "../helpers/run-keel.js";
import { anthropicEnv, scriptedServer } from "../helpers/scripted.js";
import { readJsonLines, useHookProject, writeRecordingHook } from "./hook-project.js";

const project = useHookProject("keel-hook-file-changed-");

/** Polls (bounded, generous: the machine is shared) until `check` holds. */
async function until(check: () => Promise<boolean> | boolean, what: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The files FileChanged hooks were told of, in order. */
async function changedFiles(): Promise<unknown[]> {
  const lines = await readJsonLines(join(project.dir, "changed.jsonl")).catch(() => []);
  return lines.map((line) => line.file_path);
}

/** A hook that records its stdin in changed.jsonl and prints `output` as its hookSpecificOutput. */
async function recordingHook(name: string, event: string, output: Record<string, unknown>) {
  const json = JSON.stringify({ hookSpecificOutput: { hookEventName: event, ...output } });
  return writeRecordingHook(project.dir, {
    file: join(project.dir, "changed.jsonl"),
    append: true,
    name,
    after: `printf '%s' '${json}'`,
  });
}

/**
 * A stream-json keel session, open while `during` runs (after its first turn), with the user's
 * settings (HOME is the state folder) holding `hooks`. Returns stderr.
 */
async function session(
  hooks: Record<string, unknown>,
  during: (stderr: () => string) => Promise<void>,
  turns: Array<Record<string, unknown>> = [{ content: "one" }],
): Promise<string> {
  const folder = join(project.stateDir, ".claude");
  await mkdir(folder, { recursive: true });
  const permissions = { allow: ["Bash"] };
  await writeFile(join(folder, "settings.json"), JSON.stringify({ hooks, permissions }));
  const server = await scriptedServer({ turns });
  const child = spawn(
    process.execPath,
    [...KEEL_NODE_ARGS, "--input-format", "stream-json", "--output-format", "stream-json"],
    {
      cwd: project.dir,
      env: {
        PATH: process.env.PATH ?? "",
        HOME: project.stateDir,
        KEEL_CONFIG_DIR: project.stateDir,
        ...anthropicEnv(server),
      },
    },
  );
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.on("close", resolve));
  try {
    const prompt = { type: "user", message: { role: "user", content: "hi" } };
    child.stdin.write(`${JSON.stringify(prompt)}\n`);
    await until(() => stdout.includes('"type":"result"'), "the first turn");
    await during(() => stderr);
  } finally {
    child.stdin.end();
  }
  expect(await exited).toBe(0);
  return stderr;
}

describe("the files FileChanged hooks watch", () => {
  it("SessionStart's watchPaths add files, and so do FileChanged's own", async () => {
    const { dir } = project;
    const [first, second] = [join(dir, "first.txt"), join(dir, "second.txt")];
    const onStart = await recordingHook("start.sh", "SessionStart", { watchPaths: [first] });
    // Relative: in the session's folder.
    const onChange = await recordingHook("change.sh", "FileChanged", {
      watchPaths: ["second.txt"],
    });
    const hooks = {
      SessionStart: [{ hooks: [{ type: "command", command: onStart }] }],
      FileChanged: [{ hooks: [{ type: "command", command: onChange }] }],
    };
    await session(hooks, async () => {
      await writeFile(first, "1\n");
      await until(async () => (await changedFiles()).includes(first), "first.txt reported");
      await writeFile(second, "2\n");
      await until(async () => (await changedFiles()).includes(second), "second.txt reported");
    });
    const recorded = await readJsonLines(join(dir, "changed.jsonl"));
    expect(recorded.map((r) => r.hook_event_name)).toEqual([
      "SessionStart",
      "FileChanged",
      "FileChanged",
    ]);
    expect(recorded.slice(1).map((r) => [r.file_path, r.event])).toEqual([
      [first, "add"],
      [second, "add"],
    ]);
  }, 60_000);

  it("CwdChanged's watchPaths add files", async () => {
    const { dir } = project;
    const file = join(dir, "sub", "watched.txt");
    await mkdir(join(dir, "sub"));
    const onCwd = await recordingHook("cwd.sh", "CwdChanged", { watchPaths: [file] });
    const onChange = await recordingHook("change.sh", "FileChanged", {});
    const hooks = {
      CwdChanged: [{ hooks: [{ type: "command", command: onCwd }] }],
      FileChanged: [{ hooks: [{ type: "command", command: onChange }] }],
    };
    const cd = { type: "tool_use", name: "Bash", input: { command: "cd sub", description: "go" } };
    const turns = [{ content: [cd] }, { content: "one" }];
    await session(
      hooks,
      async () => {
        await writeFile(file, "1\n");
        await until(async () => (await changedFiles()).includes(file), "watched.txt reported");
      },
      turns,
    );
    const recorded = await readJsonLines(join(dir, "changed.jsonl"));
    expect(recorded.map((r) => [r.hook_event_name, r.file_path])).toEqual([
      ["CwdChanged", undefined],
      ["FileChanged", file],
    ]);
  }, 60_000);

  it("after a settings reload, the files the new matchers name (no longer the old ones)", async () => {
    const { dir } = project;
    const [old, now] = [join(dir, "old.txt"), join(dir, "new.txt")];
    const onChange = await recordingHook("change.sh", "FileChanged", {});
    const watching = (matcher: string) => ({
      FileChanged: [{ matcher, hooks: [{ type: "command", command: onChange }] }],
    });
    await session(watching("old.txt"), async (stderr) => {
      const settings = join(project.stateDir, ".claude", "settings.json");
      await writeFile(settings, JSON.stringify({ hooks: watching("new.txt") }));
      await until(() => stderr().includes("in force now"), "the settings reloaded");
      await writeFile(old, "x\n");
      await writeFile(now, "y\n");
      await until(async () => (await changedFiles()).includes(now), "new.txt reported");
      // old.txt's event, had it been watched, would have come first.
    });
    expect(await changedFiles()).toEqual([now]);
  }, 60_000);
});
