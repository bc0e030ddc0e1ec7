import type { ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { copyFile, mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { jsonLines, runKeel } from "../helpers/run-keel.js";
import { anthropicEnv, scriptedServer } from "../helpers/scripted.js";

const WAIT_FOR = fileURLToPath(new URL("./fixtures/wait-for.mjs", import.meta.url));
const SESSION_ID = "5ea51011-0b0b-4c0c-8d0d-000000000036";
const TEAM = "session-5ea51011";
const LIST = "notes";

let dir: string;
let state: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "keel-team-resume-"));
  state = await mkdtemp(join(tmpdir(), "keel-team-resume-state-"));
  await copyFile(WAIT_FOR, join(dir, "wait-for.mjs"));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
  await rm(state, { recursive: true, force: true });
});

const use = (name: string, input: Record<string, unknown>) => ({ type: "tool_use", name, input });

const env = (server: Awaited<ReturnType<typeof scriptedServer>>, teammatePollMs = "20") => ({
  ...anthropicEnv(server),
  KEEL_CONFIG_DIR: state,
  CLAUDE_CODE_EXPERIMENTAL_AGENT_TEAMS: "1",
  CLAUDE_CODE_TASK_LIST_ID: LIST,
  KEEL_TEAMMATE_POLL_MS: teammatePollMs,
  KEEL_TEAM_LEAD_POLL_MS: "20",
});

async function json(path: string): Promise<unknown> {
  return JSON.parse(await readFile(path, "utf8"));
}

const leadInbox = () => join(state, "teams", TEAM, "inboxes", "team-lead.json");
const task = (id: string) => json(join(state, "task-lists", LIST, `${id}.json`));

/**
 * No lock is held on the team's files or the task list: a kill then leaves none behind (a dead
 * process's lock is taken over only once stale, after 10 s, and a TaskUpdate gives up before).
 */
function noLockHeld(): boolean {
  const locks = [
    join(state, "teams", TEAM, "inboxes", "alice.json.lock"),
    join(state, "teams", TEAM, "inboxes", "team-lead.json.lock"),
    join(state, "teams", TEAM, "config.json.lock"),
    join(state, "task-lists", LIST, ".lock.lock"),
  ];
  return !locks.some((lock) => existsSync(lock));
}

/** Polls (bounded) until `check` holds. */
async function until(check: () => Promise<boolean>, what: string): Promise<void> {
  for (let tries = 0; tries < 1500; tries++) {
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe("a team whose lead is SIGKILLed, then resumed", () => {
  it("keeps every task and message, and comes back: the teammate with its conversation, the lead with its unread mail", async () => {
    // First run: the lead makes two tasks (the second waits for the first), spawns alice, and
    // is waiting for the model when alice, halfway through task 1, writes to it.
    const first = await scriptedServer({
      turns: [
        {
          content: [
            use("TaskCreate", { subject: "Write the notes", description: "notes.md" }),
            use("TaskCreate", { subject: "Review the notes", description: "Read them." }),
            use("TaskUpdate", { taskId: "2", addBlockedBy: ["1"] }),
            use("Agent", { description: "Notes", prompt: "Work on task 1.", name: "alice" }),
          ],
        },
        { content: "never answered", faults: [{ type: "stall", ms: 60_000 }] },
      ],
      agents: {
        alice: {
          turns: [
            {
              content: [
                use("TaskUpdate", { taskId: "1", owner: "alice", status: "in_progress" }),
                use("SendMessage", {
                  to: "team-lead",
                  message: "Notes half done.",
                  summary: "Halfway",
                }),
              ],
            },
            { content: "Working." },
          ],
        },
      },
    });
    let child: ChildProcess | undefined;
    const killed = runKeel(
      [
        "-p",
        "Write and review the notes.",
        "--output-format",
        "stream-json",
        "--verbose",
        "--session-id",
        SESSION_ID,
      ],
      {
        cwd: dir,
        // alice looks at her inbox and the task list rarely, so the kill does not land while she
        // holds a lock (noLockHeld checks it just before).
        env: env(first, "3000"),
        onStdout: (_chunk, process) => {
          child = process;
        },
      },
    );
    const unreadFromAlice = async () => {
      const inbox = (await json(leadInbox())) as Array<{
        from: string;
        read: boolean;
        text: string;
      }>;
      const unread = inbox.filter((m) => !m.read && m.from === "alice");
      const idle = unread.length === 2 && unread.some((m) => m.text.includes("idle_notification"));
      return idle && noLockHeld();
    };
    await until(unreadFromAlice, "alice's message and idle notice in the lead's inbox");
    child?.kill("SIGKILL");
    expect((await killed).signal).toBe("SIGKILL");

    // Nothing lost on disk: the tasks as alice left them, her mail unread.
    expect(await task("1")).toMatchObject({ status: "in_progress", owner: "alice" });
    expect(await task("2")).toMatchObject({ status: "pending", blockedBy: ["1"] });

    // Second run: --resume. alice comes back idle with her conversation; the lead's unread mail
    // reaches it at its first tool boundary; alice finishes task 1, then claims task 2.
    const second = await scriptedServer({
      turns: [
        { content: "(the first run's turn)" },
        {
          content: [
            use("SendMessage", {
              to: "alice",
              message: "Finish task 1, please.",
              summary: "Finish",
            }),
          ],
        },
        { content: [use("Bash", { command: `node wait-for.mjs done ${LIST} 1 2` })] },
        { content: "Both done." },
        { content: "Noted." },
        { content: "Noted." },
        { content: "Noted." },
        { content: "Noted." },
      ],
      agents: {
        alice: {
          turns: [
            { content: "(the first run's turn)" },
            { content: "(the first run's turn)" },
            { content: [use("TaskUpdate", { taskId: "1", status: "completed" })] },
            { content: "Finished task 1." },
            { content: [use("TaskUpdate", { taskId: "2", status: "completed" })] },
            { content: "Reviewed." },
          ],
        },
      },
    });
    const resumed = await runKeel(
      [
        "-p",
        "Carry on.",
        "--resume",
        SESSION_ID,
        "--output-format",
        "stream-json",
        "--verbose",
        "--allowedTools",
        "Bash(node wait-for.mjs:*)",
      ],
      { cwd: dir, env: env(second) },
    );
    expect(resumed.code).toBe(0);
    expect(second.violations).toEqual([]);
    const results = jsonLines(resumed.stdout).filter((m) => m.type === "result");
    expect(results.every((r) => r.type === "result" && !r.is_error)).toBe(true);
    expect(await task("1")).toMatchObject({ status: "completed", owner: "alice" });
    expect(await task("2")).toMatchObject({ status: "completed", owner: "alice" });

    const bodies = (agent: string) =>
      second.requests.filter((r) => r.agent === agent).map((r) => JSON.stringify(r.body));
    // alice's first request of the second run carries her first run's conversation.
    const [aliceBack] = bodies("alice");
    expect(aliceBack).toContain("Work on task 1.");
    expect(aliceBack).toContain("Notes half done.");
    expect(aliceBack).toContain("Finish task 1, please.");
    // The lead read alice's message of the first run after the resume.
    expect(bodies("main").join("\n")).toContain("Notes half done.");
    const inbox = (await json(leadInbox())) as Array<{ read: boolean }>;
    expect(inbox.every((m) => m.read)).toBe(true);
  }, 120_000); // wait-for allows 60 s: a stale lock left by a kill is taken over after 10 s
});
