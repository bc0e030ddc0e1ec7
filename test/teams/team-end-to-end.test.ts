import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { jsonLines, runKeel } from "../helpers/run-keel.js";
import { anthropicEnv, scriptedServer } from "../helpers/scripted.js";

const WAIT_FOR = fileURLToPath(new URL("./fixtures/wait-for.mjs", import.meta.url));
const SESSION_ID = "7e57a11d-0b0b-4c0c-8d0d-000000000036";
const TEAM = "session-7e57a11d";
const LIST = "team-demo";

let dir: string;
let state: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "keel-team-"));
  state = await mkdtemp(join(tmpdir(), "keel-team-state-"));
  await copyFile(WAIT_FOR, join(dir, "wait-for.mjs"));
  // A TeammateIdle hook that records what it was given (its effect: one line per idle).
  await mkdir(join(dir, ".claude"), { recursive: true });
  // One write a line, so two teammates idling at once never interleave their lines.
  const record = `printf '%s\\n' "$(cat)" >> "${join(dir, "idle.jsonl")}"`;
  await writeFile(
    join(dir, ".claude", "settings.json"),
    JSON.stringify({
      hooks: { TeammateIdle: [{ hooks: [{ type: "command", command: record }] }] },
    }),
  );
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
  await rm(state, { recursive: true, force: true });
});

const use = (name: string, input: Record<string, unknown>) => ({ type: "tool_use", name, input });
const send = (to: string, message: unknown, summary?: string) =>
  use("SendMessage", { to, message, ...(summary ? { summary } : {}) });
const bash = (command: string) => use("Bash", { command });
const noted = { content: "Noted." };

/**
 * The scenario. The lead creates three tasks (the review waits for the other two),
 * gives the first to alice and the second to bob, spawns both, greets alice, and waits
 * (with Bash, so its turn stays busy and what the team sends arrives as attachments) until
 * both have read everything; then asks both to shut down. alice approves; bob refuses. Once
 * alice's approval is in, the lead tells bob to finish; he finishes task 2 and, alone now,
 * claims the review itself.
 */
function scenario() {
  return {
    turns: [
      {
        content: [
          use("TaskCreate", { subject: "Write the greeting", description: "hello.txt" }),
          use("TaskCreate", { subject: "Write the farewell", description: "bye.txt" }),
          use("TaskCreate", { subject: "Review both", description: "Read both files." }),
          use("TaskUpdate", { taskId: "3", addBlockedBy: ["1", "2"] }),
          use("TaskUpdate", { taskId: "1", owner: "alice" }),
          use("TaskUpdate", { taskId: "2", owner: "bob" }),
          use("Agent", { description: "Greeting", prompt: "You own task 1.", name: "alice" }),
          use("Agent", { description: "Farewell", prompt: "You own task 2.", name: "bob" }),
        ],
      },
      { content: [send("alice", "Hello alice: tell me when task 1 is done.", "Greeting alice")] },
      { content: [bash(`node wait-for.mjs settled ${TEAM} alice bob`)] },
      {
        content: [
          send("alice", { type: "shutdown_request", reason: "Your part is done." }),
          send("bob", { type: "shutdown_request", reason: "Wrapping up." }),
        ],
      },
      // Task 2's end unblocks the review: alice must have approved (and so stopped looking for
      // work) by then, or she could claim the review in the moment before her shutdown arrives.
      { content: [bash(`node wait-for.mjs approved ${TEAM} alice`)] },
      {
        content: [
          send("bob", "Then finish task 2; the review is yours once it unblocks.", "Finish up"),
        ],
      },
      { content: [bash(`node wait-for.mjs done ${LIST} 1 2 3`)] },
      { content: "All three tasks are done." },
      noted,
      noted,
      noted,
      noted,
      noted,
      noted,
    ],
    agents: {
      alice: {
        turns: [
          {
            content: [
              use("TaskUpdate", { taskId: "1", status: "in_progress" }),
              use("TaskUpdate", { taskId: "1", status: "completed" }),
            ],
          },
          { content: "Greeting written." },
          { content: "Task 1 is already done." },
          {
            content: [send("team-lead", "Task 1 is done: the greeting is written.", "Task 1 done")],
          },
          { content: "Told the lead." },
          {
            content: [
              send("team-lead", {
                type: "shutdown_response",
                request_id: "shutdown-2@bob",
                approve: true,
              }),
            ],
          },
          { content: "Bye." },
        ],
      },
      bob: {
        turns: [
          {
            content: [
              use("TaskUpdate", { taskId: "2", status: "in_progress" }),
              send("team-lead", "Drafting the farewell.", "Drafting"),
            ],
          },
          { content: "Working on it." },
          { content: "Task 2 is mine." },
          {
            content: [
              send("team-lead", {
                type: "shutdown_response",
                request_id: "shutdown-2@bob",
                approve: false,
                reason: "Task 2 is not finished yet.",
              }),
            ],
          },
          { content: "Staying on." },
          { content: [use("TaskUpdate", { taskId: "2", status: "completed" })] },
          { content: "Farewell written." },
          {
            content: [
              use("TaskUpdate", { taskId: "3", status: "completed" }),
              send("team-lead", "Review done: all three tasks are complete.", "Review done"),
            ],
          },
          { content: "Reviewed." },
        ],
      },
    },
  };
}

describe("an agent team through keel -p (issue 36's scenario)", () => {
  it("claims and finishes three tasks in dependency order, messages both ways, one shutdown accepted and one refused", async () => {
    const server = await scriptedServer(scenario());
    const run = await runKeel(
      [
        "-p",
        "Split the work between alice and bob.",
        "--output-format",
        "stream-json",
        "--verbose",
        "--session-id",
        SESSION_ID,
        "--allowedTools",
        "Bash(node wait-for.mjs:*)",
      ],
      {
        cwd: dir,
        env: {
          ...anthropicEnv(server),
          KEEL_CONFIG_DIR: state,
          CLAUDE_CODE_EXPERIMENTAL_AGENT_TEAMS: "1",
          CLAUDE_CODE_TASK_LIST_ID: LIST,
          KEEL_TEAMMATE_POLL_MS: "20",
          KEEL_TEAM_LEAD_POLL_MS: "20",
        },
      },
    );
    // --verbose prints the loop's transitions; nothing else may be on stderr.
    const problems = run.stderr.split("\n").filter((l) => l !== "" && !l.startsWith("keel: [turn"));
    expect(problems).toEqual([]);
    // Seen once (exit 1 after 2 s, in a full run): the results and the requests say why.
    const why = () =>
      JSON.stringify({
        results: jsonLines(run.stdout).filter((m) => m.type === "result"),
        requests: server.requests.map((r) => [r.agent ?? "main", r.answer, r.turn]),
        violations: server.violations,
      });
    expect(run.code, why()).toBe(0);
    expect(server.violations).toEqual([]);
    const results = jsonLines(run.stdout).filter((m) => m.type === "result");
    expect(results.every((r) => r.type === "result" && !r.is_error)).toBe(true);

    // The tasks: all completed; alice did the greeting, bob the farewell and then the review.
    const task = async (id: string) =>
      JSON.parse(await readFile(join(state, "task-lists", LIST, `${id}.json`), "utf8"));
    expect(await task("1")).toMatchObject({ status: "completed", owner: "alice" });
    expect(await task("2")).toMatchObject({ status: "completed", owner: "bob" });
    expect(await task("3")).toMatchObject({ status: "completed", owner: "bob" });

    const bodies = (agent: string) =>
      server.requests.filter((r) => r.agent === agent).map((r) => JSON.stringify(r.body));
    // Lead → teammates: alice read the greeting, bob the instruction, and the claim's prompt.
    expect(bodies("alice").join("\n")).toContain("Hello alice: tell me when task 1 is done.");
    expect(bodies("bob").join("\n")).toContain("Then finish task 2");
    expect(bodies("bob").at(-1)).toContain("Start with task #3");
    // Teammates → lead: their messages, the refusal, the approval's teammate_terminated notice.
    const lead = bodies("main").join("\n");
    expect(lead).toContain("Task 1 is done: the greeting is written.");
    expect(lead).toContain("Task 2 is not finished yet.");
    expect(lead).toContain("teammate_terminated");

    // The team file: alice left it; bob stayed and is idle.
    const config = JSON.parse(await readFile(join(state, "teams", TEAM, "config.json"), "utf8"));
    const names = config.members.map((m: { name: string }) => m.name);
    expect(names).not.toContain("alice");
    expect(config.members.find((m: { name: string }) => m.name === "bob")).toMatchObject({
      isActive: false,
    });
    // TeammateIdle fired for both, with its fields.
    const idle = (await readFile(join(dir, "idle.jsonl"), "utf8"))
      .split("\n")
      .filter((line) => line.trim() !== "")
      .map((line) => JSON.parse(line));
    expect(new Set(idle.map((i) => i.teammate_name))).toEqual(new Set(["alice", "bob"]));
    expect(idle.every((i) => i.hook_event_name === "TeammateIdle" && i.team_name === TEAM)).toBe(
      true,
    );
  }, 120_000); // wait-for allows 60 s
});
