import { existsSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runKeel } from "../helpers/run-keel.js";
import { anthropicEnv, scriptedServer } from "../helpers/scripted.js";
import {
  expectHookInput,
  readJsonLines,
  useHookProject,
  writeRecordingHook,
} from "./hook-project.js";

const project = useHookProject("keel-pre-skill-shell-");

/** A project command whose !`command` leaves a file when it runs, and a PreSkillShellCommand hook. */
async function setUp(after: string) {
  const { dir } = project;
  await mkdir(join(dir, ".claude", "commands"), { recursive: true });
  await writeFile(
    join(dir, ".claude", "commands", "stamp.md"),
    "---\nallowed-tools: Bash(touch:*)\n---\nStamped: !`touch ran.txt`\n",
  );
  const log = join(dir, "hook.jsonl");
  const hook = await writeRecordingHook(dir, { file: log, append: true, after });
  const settings = {
    hooks: {
      PreSkillShellCommand: [{ matcher: "Bash", hooks: [{ type: "command", command: hook }] }],
    },
  };
  await writeFile(join(dir, ".claude", "settings.json"), JSON.stringify(settings));
  return { log, ran: join(dir, "ran.txt") };
}

async function runStamp() {
  const server = await scriptedServer({ turns: [{ content: "Done." }] });
  const run = await runKeel(["-p", "/stamp"], {
    cwd: project.dir,
    env: { ...anthropicEnv(server), KEEL_CONFIG_DIR: project.stateDir },
  });
  return { run, server };
}

describe("PreSkillShellCommand", () => {
  it("fires before a command's !`command` with Claude Code's input; silence lets it run", async () => {
    const { log, ran } = await setUp("exit 0");
    const { run, server } = await runStamp();
    expect(run.code).toBe(0);
    expect(existsSync(ran)).toBe(true);
    const [input] = await readJsonLines(log);
    expectHookInput(input ?? {}, {
      event: "PreSkillShellCommand",
      cwd: project.dir,
      fields: [
        "tool_name",
        "tool_input",
        "tool_use_id",
        "command_name",
        "command_source",
        "invoked_by",
      ],
    });
    expect(input).toMatchObject({
      tool_name: "Bash",
      tool_input: { command: "touch ran.txt" },
      command_name: "stamp",
      command_source: "project",
      invoked_by: "user",
    });
    expect(server.requests).toHaveLength(1);
  });

  it("a deny keeps the command from running and nothing is sent", async () => {
    const { ran } = await setUp(
      `printf '%s' '{"hookSpecificOutput":{"hookEventName":"PreSkillShellCommand","permissionDecision":"deny","permissionDecisionReason":"no stamps today"}}'`,
    );
    const { run, server } = await runStamp();
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      "!`touch ran.txt` was stopped by a PreSkillShellCommand hook: no stamps today",
    );
    expect(existsSync(ran)).toBe(false);
    expect(server.requests).toHaveLength(0);
  });

  it("defer, or an updatedInput (never applied), also keeps it from running", async () => {
    for (const output of [
      { permissionDecision: "defer" },
      { updatedInput: { command: "touch other.txt" } },
    ]) {
      const json = JSON.stringify({
        hookSpecificOutput: { hookEventName: "PreSkillShellCommand", ...output },
      });
      const { ran } = await setUp(`printf '%s' '${json}'`);
      const { run } = await runStamp();
      expect(run.code).toBe(1);
      expect(existsSync(ran)).toBe(false);
      expect(existsSync(join(project.dir, "other.txt"))).toBe(false);
    }
  });
});
