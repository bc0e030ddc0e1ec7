import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { RecordedRequest } from "../../src/model/scripted/server.js";
import { runKeel } from "../helpers/run-keel.js";
import { anthropicEnv, scriptedServer } from "../helpers/scripted.js";

let dir: string;
let state: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "keel-named-agent-"));
  state = await mkdtemp(join(tmpdir(), "keel-named-agent-state-"));
  await mkdir(join(dir, ".claude", "agents"), { recursive: true });
  await writeFile(
    join(dir, ".claude", "agents", "scout.md"),
    "---\nname: scout\ndescription: Looks around.\ntools: Bash\n---\nYou are the scout.\n",
  );
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
  await rm(state, { recursive: true, force: true });
});

/**
 * A scout step that waits (bounded) until the lead's `text` is in the session's transcript: the
 * lead's turn has ended before the scout does, whatever the machine's speed.
 */
const waitForLead = (text: string) => ({
  content: [
    {
      type: "tool_use",
      name: "Bash",
      input: {
        command: `i=0; until grep -qs "${text}" "$KEEL_CONFIG_DIR"/projects/*/*.jsonl || [ $i -ge 1500 ]; do sleep 0.02; i=$((i+1)); done`,
      },
    },
  ],
});

/** The lead starts "finder" in the background, and sends it a question once it has ended. */
const SCENARIO = {
  turns: [
    {
      content: [
        {
          type: "tool_use",
          name: "Agent",
          input: {
            description: "Map the modules",
            prompt: "List the modules.",
            subagent_type: "scout",
            name: "finder",
            run_in_background: true,
          },
        },
      ],
    },
    { content: "Started finder." },
    {
      content: [
        {
          type: "tool_use",
          name: "SendMessage",
          input: {
            to: "finder",
            summary: "Which module parses",
            message: "Which module parses the input?",
          },
        },
      ],
    },
    { content: "Asked finder again." },
    { content: "Finder says the parser is b.ts." },
  ],
  agents: {
    scout: {
      turns: [
        waitForLead("Started finder."),
        { content: "Modules: a.ts, b.ts." },
        waitForLead("Asked finder again."),
        { content: "The parser is b.ts." },
      ],
    },
  },
};

/** A recorded request's messages as JSON text. */
const messagesOf = (request: RecordedRequest | undefined) =>
  JSON.stringify((request?.body as { messages?: unknown } | undefined)?.messages);

const lastMessage = (request: RecordedRequest | undefined) =>
  JSON.stringify((request?.body as { messages?: unknown[] } | undefined)?.messages?.at(-1));

describe("SendMessage continues a named background agent (keel -p)", () => {
  it("resumes the finished agent with the message, and its new end reaches the lead", async () => {
    const server = await scriptedServer(SCENARIO);
    const run = await runKeel(["-p", "map the modules", "--allowedTools", "Bash"], {
      cwd: dir,
      env: { ...anthropicEnv(server), KEEL_CONFIG_DIR: state },
    });
    expect(server.violations).toEqual([]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout.trim().split("\n").at(-1)).toBe("Finder says the parser is b.ts.");
    const main = server.requests.filter((r) => r.agent === "main");
    const scout = server.requests.filter((r) => r.agent === "scout");
    expect(main).toHaveLength(5);
    expect(scout).toHaveLength(4);
    expect(lastMessage(main[1])).toContain("use SendMessage with to: 'finder'");
    // The first notice, then SendMessage's answer: the finished agent was resumed.
    expect(lastMessage(main[2])).toContain("Modules: a.ts, b.ts.");
    expect(lastMessage(main[3])).toContain(
      "was stopped (completed); resumed it in the background with your message.",
    );
    // The resumed agent's request: its whole conversation, then the message as a new turn.
    const resumed = messagesOf(scout[2]);
    expect(messagesOf(scout[1])).not.toContain("Which module parses the input?");
    expect(resumed).toContain("List the modules.");
    expect(resumed.indexOf("Modules: a.ts, b.ts.")).toBeLessThan(
      resumed.indexOf("Which module parses the input?"),
    );
    // Its end is a new task's notification, a turn of the lead's own.
    const notice = lastMessage(main[4]);
    expect(notice).toContain("<task-notification>");
    expect(notice).toContain("The parser is b.ts.");
    const tasks = await readdir(join(state, "tasks"));
    const metas = await Promise.all(
      tasks.map(async (id) =>
        JSON.parse(await readFile(join(state, "tasks", id, "meta.json"), "utf8")),
      ),
    );
    expect(metas.map((m) => m.status)).toEqual(["completed", "completed"]);
    expect(metas.map((m) => m.prompt).sort()).toEqual([
      "List the modules.",
      "Which module parses the input?",
    ]);
  });
});
