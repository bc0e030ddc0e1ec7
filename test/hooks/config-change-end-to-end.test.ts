import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { KEEL_NODE_ARGS } from "../helpers/run-keel.js";
import { anthropicEnv, scriptedServer } from "../helpers/scripted.js";
import {
  expectHookInput,
  readJsonLines,
  useHookProject,
  writeRecordingHook,
} from "./hook-project.js";

const project = useHookProject("keel-hook-config-");

const userLine = (text: string) =>
  `${JSON.stringify({ type: "user", message: { role: "user", content: text } })}\n`;

/** Polls (bounded, generous: the machine is shared) until `check` holds. */
async function until(check: () => Promise<boolean> | boolean, what: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const lines = async (path: string) =>
  readJsonLines(path).catch(() => [] as Array<Record<string, unknown>>);

/**
 * A stream-json keel session: a first prompt, then a settings file (the user's, or the
 * project's) is rewritten to add a UserPromptSubmit hook, then a second prompt. Returns the
 * hook logs and stderr.
 */
async function changeSettingsMidSession(configChangeAfter: string, level: "user" | "project") {
  const { dir } = project;
  const changes = join(dir, "changes.jsonl");
  const prompts = join(dir, "prompts.jsonl");
  const onChange = await writeRecordingHook(dir, {
    file: changes,
    append: true,
    name: "change.sh",
    after: configChangeAfter,
  });
  const onPrompt = await writeRecordingHook(dir, {
    file: prompts,
    append: true,
    name: "prompt.sh",
  });
  // HOME is the state folder, so the user's file is <state>/.claude/settings.json.
  const folder = join(level === "user" ? project.stateDir : dir, ".claude");
  await mkdir(folder, { recursive: true });
  const settings = join(folder, "settings.json");
  const configChange = [
    { matcher: `${level}_settings`, hooks: [{ type: "command", command: onChange }] },
  ];
  await writeFile(settings, JSON.stringify({ hooks: { ConfigChange: configChange } }));
  const server = await scriptedServer({ turns: [{ content: "one" }, { content: "two" }] });
  const child = spawn(
    process.execPath,
    [
      ...KEEL_NODE_ARGS,
      "--input-format",
      "stream-json",
      "--output-format",
      "stream-json",
      "--verbose",
    ],
    {
      cwd: dir,
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
  const results = () => stdout.split("\n").filter((l) => l.includes('"type":"result"')).length;
  try {
    child.stdin.write(userLine("first"));
    await until(() => results() === 1, "the first turn");
    const UserPromptSubmit = [{ hooks: [{ type: "command", command: onPrompt }] }];
    await writeFile(
      settings,
      JSON.stringify({ hooks: { ConfigChange: configChange, UserPromptSubmit } }),
    );
    await until(async () => (await lines(changes)).length === 1, "the ConfigChange hook");
    // The next prompt goes once the change was handled: reloaded, or refused.
    await until(() => /in force now|blocked it/.test(stderr), "the change handled");
    child.stdin.write(userLine("second"));
    await until(() => results() === 2, "the second turn");
  } finally {
    child.stdin.end();
  }
  expect(await exited).toBe(0);
  expect(server.violations).toEqual([]);
  return { changes: await lines(changes), prompts: await lines(prompts), settings, stderr };
}

describe("ConfigChange: a loaded settings file changes during the session", () => {
  it("fires with source and file_path, then the session takes a user file's new hooks", async () => {
    const { changes, prompts, settings, stderr } = await changeSettingsMidSession("", "user");
    expect(changes).toHaveLength(1);
    expectHookInput(changes[0]!, {
      event: "ConfigChange",
      cwd: project.dir,
      fields: ["source", "file_path"],
    });
    expect(changes[0]).toMatchObject({ source: "user_settings", file_path: settings });
    expect(prompts.map((p) => p.prompt)).toEqual(["second"]);
    expect(stderr).toContain(
      `${settings} changed: its permission rules and hooks are in force now`,
    );
  });

  it("a blocking ConfigChange hook (exit 2) keeps the old settings and says so", async () => {
    const { changes, prompts, stderr } = await changeSettingsMidSession(
      "echo 'frozen' >&2; exit 2",
      "user",
    );
    expect(changes).toHaveLength(1);
    expect(stderr).toContain("a ConfigChange hook blocked it, so the settings stay as they were");
    expect(stderr).toContain("frozen");
    expect(prompts).toEqual([]);
    expect(await readFile(join(project.stateDir, ".claude", "settings.json"), "utf8")).toContain(
      "UserPromptSubmit",
    );
  });

  it("a project file's new hook waits for a new session (a hook may allow calls), said once", async () => {
    const { changes, prompts, settings, stderr } = await changeSettingsMidSession("", "project");
    expect(changes[0]).toMatchObject({ source: "project_settings", file_path: settings });
    expect(prompts).toEqual([]);
    expect(stderr).toContain(
      `${settings} changed: its permission rules and hooks are in force now, except what would widen this session's permissions, which waits for a new session: the hooks' changes`,
    );
  });
});

describe("a project settings file rewritten mid-session narrows at once, never widens", () => {
  it("an allow rule it drops stops at once; one it adds is still refused; said on stderr", async () => {
    const { dir } = project;
    const settings = join(dir, ".claude", "settings.json");
    const rules = (allow: string[]) => JSON.stringify({ permissions: { allow } });
    await writeFile(settings, rules(["Bash(touch one-a)", "Bash(touch one-b)"]));
    const bash = (command: string) => ({ type: "tool_use", name: "Bash", input: { command } });
    const server = await scriptedServer({
      turns: [
        { content: [bash("touch one-a")] },
        { content: "one" },
        // One call a turn: a refused call cancels its parallel siblings.
        { content: [bash("touch one-b")] },
        { content: [bash("touch two")] },
        { content: "two" },
      ],
    });
    const child = spawn(
      process.execPath,
      [...KEEL_NODE_ARGS, "--input-format", "stream-json", "--output-format", "stream-json"],
      {
        cwd: dir,
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
    const results = () => stdout.split("\n").filter((l) => l.includes('"type":"result"')).length;
    try {
      child.stdin.write(userLine("first"));
      await until(() => results() === 1, "the first turn");
      await writeFile(settings, rules(["Bash(touch two)"]));
      await until(() => /in force now/.test(stderr), "the change handled");
      child.stdin.write(userLine("second"));
      await until(() => results() === 2, "the second turn");
    } finally {
      child.stdin.end();
    }
    expect(await exited).toBe(0);
    expect(server.violations).toEqual([]);
    expect(existsSync(join(dir, "one-a"))).toBe(true);
    expect(existsSync(join(dir, "one-b"))).toBe(false);
    expect(existsSync(join(dir, "two"))).toBe(false);
    expect(stderr).toContain("which waits for a new session: the new allow rule Bash(touch two)");
  });
});
