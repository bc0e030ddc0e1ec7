import { randomUUID } from "node:crypto";
import { mkdir, mkdtemp, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { sanitizeCwd } from "../../src/config/paths.js";
import { PLAN_MODE_REMINDER_EVERY } from "../../src/session/attachments/plan-mode.js";
import { runKeel } from "../helpers/run-keel.js";
import { anthropicEnv, scriptedServer } from "../helpers/scripted.js";

// Right after a compaction the model gets plan mode's full reminder again (with the plan as the
// file holds it), and the reminders after it are short ones: checked in what keel -p sent.
let root: string;
let project: string;
let stateDir: string;

beforeEach(async () => {
  root = await realpath(await mkdtemp(join(tmpdir(), "keel-plan-compact-")));
  project = join(root, "project");
  stateDir = join(root, "state");
  await mkdir(project, { recursive: true });
  await writeFile(join(project, "a.txt"), "alpha");
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const FULL = "Plan mode is on: the user wants a plan before any change.";
const SHORT = "Plan mode is on: still planning, no changes yet.";
const count = (text: string, part: string) => text.split(part).length - 1;

describe("plan mode and compaction", () => {
  it("the full reminder follows the summary, then the short ones come back", async () => {
    const id = randomUUID();
    const plan = join(stateDir, "projects", sanitizeCwd(project), id, "plans", "plan.md");
    const read = (n: number) => ({
      content: [
        {
          type: "tool_use",
          id: `toolu_read_${n}`,
          name: "Read",
          input: { file_path: join(project, "a.txt") },
        },
      ],
    });
    const server = await scriptedServer({
      turnMode: "count",
      turns: [
        {
          content: [
            { type: "tool_use", name: "Write", input: { file_path: plan, content: "1. step" } },
          ],
          // Past the automatic compaction's threshold of a 200k window.
          usage: { input_tokens: 170_000 },
        },
        ...Array.from({ length: PLAN_MODE_REMINDER_EVERY }, (_, n) => read(n)),
        { content: "Planned." },
      ],
      side: [{ match: { requestKind: "compact" }, content: "<summary>Wrote a plan.</summary>" }],
    });
    const run = await runKeel(["-p", "plan it", "--permission-mode", "plan", "--session-id", id], {
      cwd: project,
      env: {
        ...anthropicEnv(server),
        HOME: root,
        KEEL_CONFIG_DIR: stateDir,
        KEEL_CONTEXT_WINDOW: "200000",
      },
    });
    expect(run.stdout.trim()).toBe("Planned.");
    expect(server.violations).toEqual([]);
    const kinds = server.requests.map((r) => r.kind);
    expect(kinds).toEqual(["main", "compact", ...Array(PLAN_MODE_REMINDER_EVERY + 1).fill("main")]);
    // Right after the summary: the full reminder, with the plan's text.
    const afterCompact = JSON.stringify(server.requests[2]?.body);
    expect(count(afterCompact, FULL)).toBe(1);
    expect(afterCompact).toContain("The plan file holds:\\n1. step");
    expect(afterCompact.indexOf("Wrote a plan.")).toBeLessThan(afterCompact.indexOf(FULL));
    expect(count(afterCompact, SHORT)).toBe(0);
    // Rounds later: a short one, and no second full one.
    const last = JSON.stringify(server.requests.at(-1)?.body);
    expect(count(last, FULL)).toBe(1);
    expect(count(last, SHORT)).toBe(1);
  });
});
