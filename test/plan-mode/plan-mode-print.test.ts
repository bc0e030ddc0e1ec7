import { randomUUID } from "node:crypto";
import { mkdir, mkdtemp, readFile, realpath, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { sanitizeCwd } from "../../src/config/paths.js";
import { runKeel } from "../helpers/run-keel.js";
import { anthropicEnv, scriptedServer } from "../helpers/scripted.js";

// keel -p in plan mode: no one can approve the plan, so ExitPlanMode is denied and the turn
// ends with the plan as its result; AskUserQuestion is denied saying no one can answer.
let root: string;
let project: string;
let stateDir: string;

beforeEach(async () => {
  root = await realpath(await mkdtemp(join(tmpdir(), "keel-plan-print-")));
  project = join(root, "project");
  stateDir = join(root, "state");
  await mkdir(project, { recursive: true });
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe("plan mode in print mode", () => {
  it("ExitPlanMode is denied and the turn's result is the plan", async () => {
    const id = randomUUID();
    const plan = join(stateDir, "projects", sanitizeCwd(project), id, "plans", "plan.md");
    const questions = [
      {
        question: "Which one?",
        header: "Pick",
        multiSelect: false,
        options: [
          { label: "A", description: "a" },
          { label: "B", description: "b" },
        ],
      },
    ];
    const server = await scriptedServer({
      turns: [
        { content: [{ type: "tool_use", name: "AskUserQuestion", input: { questions } }] },
        {
          content: [
            {
              type: "tool_use",
              name: "Write",
              input: { file_path: plan, content: "# Plan\n1. A" },
            },
          ],
        },
        { content: [{ type: "tool_use", name: "ExitPlanMode", input: {} }] },
      ],
    });
    const run = await runKeel(
      ["-p", "plan it", "--permission-mode", "plan", "--session-id", id, "--output-format", "json"],
      { cwd: project, env: { ...anthropicEnv(server), HOME: root, KEEL_CONFIG_DIR: stateDir } },
    );
    expect(server.violations).toEqual([]);
    const result = JSON.parse(run.stdout);
    expect(result).toMatchObject({
      subtype: "success",
      is_error: false,
      result: "# Plan\n1. A",
      terminal_reason: "hook_stopped",
    });
    expect(result.permission_denials.map((d: { tool_name: string }) => d.tool_name)).toEqual([
      "AskUserQuestion",
      "ExitPlanMode",
    ]);
    expect(await readFile(plan, "utf8")).toBe("# Plan\n1. A");
    // Three requests: the turn ended at the denied ExitPlanMode, not after another answer.
    expect(server.requests).toHaveLength(3);
    expect(JSON.stringify(server.requests[1]?.body)).toContain("No one can answer AskUserQuestion");
  });
});
