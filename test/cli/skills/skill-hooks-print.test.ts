import { access, mkdir, mkdtemp, readFile, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runKeel } from "../../helpers/run-keel.js";
import { anthropicEnv, scriptedServer } from "../../helpers/scripted.js";

// A skill's own hooks in keel -p, by their effects on real files: the hooks are shell commands
// that append what they saw to files in the project, or deny a call.
let dir: string;

async function put(path: string, text: string): Promise<void> {
  await mkdir(dirname(join(dir, path)), { recursive: true });
  await writeFile(join(dir, path), text);
}

async function exists(path: string): Promise<boolean> {
  return access(join(dir, path)).then(
    () => true,
    () => false,
  );
}

/** The Bash commands a hook wrote to `file` (one hook input JSON a line); none: no file. */
async function commandsSeen(file: string): Promise<string[]> {
  const text = await readFile(join(dir, file), "utf8").catch(() => "");
  return text
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) =>
      String((JSON.parse(line) as { tool_input: { command: string } }).tool_input.command),
    );
}

const record = (file: string) =>
  JSON.stringify(`cat >> "$CLAUDE_PROJECT_DIR/${file}"; echo >> "$CLAUDE_PROJECT_DIR/${file}"`);

const ALLOW = JSON.stringify(
  `echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","permissionDecisionReason":"the skill says yes"}}'`,
);

/**
 * Records Bash calls before and after they run, counts one `once` hook, allows every Bash
 * call, denies Write, and records the main thread's stop.
 */
const GUARD = `---
name: guard
description: Guards the work
hooks:
  PreToolUse:
    - matcher: Bash
      hooks:
        - type: command
          command: ${record("seen.log")}
        - type: command
          command: ${JSON.stringify('echo once >> "$CLAUDE_PROJECT_DIR/once.log"')}
          once: true
        - type: command
          command: ${ALLOW}
    - matcher: Write
      hooks:
        - type: command
          command: ${JSON.stringify("echo 'no writes while guarded' >&2; exit 2")}
  PostToolUse:
    - matcher: Bash
      hooks:
        - type: command
          command: ${record("post.log")}
  Stop:
    - hooks:
        - type: command
          command: ${JSON.stringify('echo stop >> "$CLAUDE_PROJECT_DIR/main-stop.log"')}
  SessionStart:
    - hooks:
        - type: command
          command: ${JSON.stringify('echo start >> "$CLAUDE_PROJECT_DIR/start.log"')}
---
Work carefully.
`;

/** A forked skill whose hooks record its subagent's Bash calls and its stop. */
const FORKED = `---
name: survey
description: Surveys in a fresh context
context: fork
agent: worker
hooks:
  PreToolUse:
    - matcher: Bash
      hooks:
        - type: command
          command: ${record("fork.log")}
  Stop:
    - hooks:
        - type: command
          command: ${JSON.stringify('echo stop >> "$CLAUDE_PROJECT_DIR/stop.log"')}
---
Survey the folder.
`;

const bash = (command: string) => ({
  type: "tool_use",
  name: "Bash",
  input: { command, description: "Run it" },
});
const skill = (name: string) => ({ type: "tool_use", name: "Skill", input: { skill: name } });

beforeEach(async () => {
  dir = await realpath(await mkdtemp(join(tmpdir(), "keel-skill-hooks-")));
  await put(".claude/skills/guard/SKILL.md", GUARD);
  await put(".claude/skills/survey/SKILL.md", FORKED);
  await put(".claude/agents/worker.md", "---\nname: worker\ndescription: Works\n---\nYou work.\n");
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const ALLOWED = ["--allowedTools", "Skill,Bash,Write", "--disallowedTools", "Bash(touch:*)"];

describe("a skill's hooks (keel -p)", () => {
  it("start with the Skill call, deny a Write, never beat a deny rule, and `once` runs once", async () => {
    const server = await scriptedServer({
      turns: [
        { content: [bash("echo before")] },
        { content: [skill("guard")] },
        { content: [bash("echo second")] },
        { content: [skill("guard")] },
        { content: [bash("echo third")] },
        {
          content: [
            {
              type: "tool_use",
              name: "Write",
              input: { file_path: join(dir, "w.txt"), content: "x" },
            },
          ],
        },
        { content: [bash(`touch ${join(dir, "ruled.txt")}`)] },
        { content: "Done." },
      ],
    });
    const run = await runKeel(["-p", "work", ...ALLOWED], { cwd: dir, env: anthropicEnv(server) });
    expect(server.violations).toEqual([]);
    expect(run.code).toBe(0);
    expect(run.stdout.trim()).toBe("Done.");
    // Not before the skill started; once for each call after it, though it was started twice.
    expect(await commandsSeen("seen.log")).toEqual([
      "echo second",
      "echo third",
      `touch ${join(dir, "ruled.txt")}`,
    ]);
    expect(await readFile(join(dir, "once.log"), "utf8")).toBe("once\n");
    // After each call that ran (the ruled one never did), and at the turn's end.
    expect(await commandsSeen("post.log")).toEqual(["echo second", "echo third"]);
    expect(await readFile(join(dir, "main-stop.log"), "utf8")).toBe("stop\n");
    // The hook's deny held; its allow did not beat the disallowed rule.
    expect(await exists("w.txt")).toBe(false);
    expect(await exists("ruled.txt")).toBe(false);
    expect(JSON.stringify(server.requests.at(-1)?.body)).toContain("no writes while guarded");
    // An event keel does not run for skills is told once, naming the file, and does not run.
    expect(await exists("start.log")).toBe(false);
    expect(run.stderr).toContain(
      `${join(dir, ".claude/skills/guard/SKILL.md")}: hooks.SessionStart: keel runs a skill's PreToolUse, PostToolUse, Stop hooks`,
    );
    expect(run.stderr.split("hooks.SessionStart").length).toBe(2);
  });

  it("run after the settings' hooks: a settings hook's deny ends it there", async () => {
    const deny = { type: "command", command: "echo 'settings say no' >&2; exit 2" };
    await put(
      ".claude/settings.json",
      JSON.stringify({ hooks: { PreToolUse: [{ matcher: "Bash", hooks: [deny] }] } }),
    );
    const server = await scriptedServer({
      turns: [
        { content: [skill("guard")] },
        { content: [bash("echo denied")] },
        { content: "Done." },
      ],
    });
    const run = await runKeel(["-p", "work", ...ALLOWED], { cwd: dir, env: anthropicEnv(server) });
    expect(server.violations).toEqual([]);
    expect(run.code).toBe(0);
    expect(JSON.stringify(server.requests.at(-1)?.body)).toContain("settings say no");
    expect(await exists("seen.log")).toBe(false);
    expect(await exists("once.log")).toBe(false);
  });

  it("typed as /name, they start with the command", async () => {
    const server = await scriptedServer({
      turns: [{ content: [bash("echo typed")] }, { content: "Done." }],
    });
    const run = await runKeel(["-p", "/guard", ...ALLOWED], {
      cwd: dir,
      env: anthropicEnv(server),
    });
    expect(server.violations).toEqual([]);
    expect(run.code).toBe(0);
    expect(await commandsSeen("seen.log")).toEqual(["echo typed"]);
  });

  it("a forked skill's run for its subagent only, its Stop as the subagent stops", async () => {
    const server = await scriptedServer({
      turns: [
        { content: [skill("survey")] },
        { content: [bash("echo parent")] },
        { content: "Done." },
      ],
      agents: {
        worker: { turns: [{ content: [bash("echo sub")] }, { content: "Surveyed." }] },
      },
    });
    const run = await runKeel(["-p", "survey", ...ALLOWED], {
      cwd: dir,
      env: anthropicEnv(server),
    });
    expect(server.violations).toEqual([]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(await commandsSeen("fork.log")).toEqual(["echo sub"]);
    expect(await readFile(join(dir, "stop.log"), "utf8")).toBe("stop\n");
  });

  it("a forked skill typed as /name: its hooks run for its subagent", async () => {
    const server = await scriptedServer({
      turns: [],
      agents: {
        worker: { turns: [{ content: [bash("echo typed-sub")] }, { content: "Surveyed." }] },
      },
    });
    const run = await runKeel(["-p", "/survey", ...ALLOWED], {
      cwd: dir,
      env: anthropicEnv(server),
    });
    expect(server.violations).toEqual([]);
    expect(run.code).toBe(0);
    expect(run.stdout.trim()).toBe("Surveyed.");
    expect(await commandsSeen("fork.log")).toEqual(["echo typed-sub"]);
    expect(await readFile(join(dir, "stop.log"), "utf8")).toBe("stop\n");
  });

  it("started by a subagent, run for that subagent's calls only", async () => {
    const agent = {
      type: "tool_use",
      name: "Agent",
      input: {
        description: "Work",
        prompt: "Work.",
        subagent_type: "worker",
        run_in_background: false,
      },
    };
    const server = await scriptedServer({
      turns: [{ content: [agent] }, { content: [bash("echo parent")] }, { content: "Done." }],
      agents: {
        worker: {
          turns: [
            { content: [skill("guard")] },
            { content: [bash("echo sub")] },
            { content: [skill("guard")] },
            { content: [bash("echo sub again")] },
            { content: "Worked." },
          ],
        },
      },
    });
    const run = await runKeel(["-p", "work", ...ALLOWED], { cwd: dir, env: anthropicEnv(server) });
    expect(server.violations).toEqual([]);
    expect(run.code).toBe(0);
    expect(run.stdout.trim()).toBe("Done.");
    expect(await commandsSeen("seen.log")).toEqual(["echo sub", "echo sub again"]);
    expect(await readFile(join(dir, "once.log"), "utf8")).toBe("once\n");
    // Its Stop is not the subagent's to run: told once.
    expect(await exists("main-stop.log")).toBe(false);
    expect(run.stderr).toContain("the Stop hooks of /guard do not run when a subagent starts it");
  });

  it("run nothing with disableAllHooks", async () => {
    await put(".claude/settings.json", JSON.stringify({ disableAllHooks: true }));
    const server = await scriptedServer({
      turns: [{ content: [skill("guard")] }, { content: [bash("echo off")] }, { content: "Done." }],
    });
    const run = await runKeel(["-p", "work", ...ALLOWED], { cwd: dir, env: anthropicEnv(server) });
    expect(server.violations).toEqual([]);
    expect(run.code).toBe(0);
    expect(await exists("seen.log")).toBe(false);
    expect(await exists("once.log")).toBe(false);
  });
});
