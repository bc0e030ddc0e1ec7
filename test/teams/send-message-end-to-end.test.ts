import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { parseProtocolMessage } from "../../src/teams/protocol.js";
import { runKeel } from "../helpers/run-keel.js";
import { anthropicEnv, scriptedServer } from "../helpers/scripted.js";

const SESSION_ID = "5e4d3e55-0b0b-4c0c-8d0d-000000000036";
const TEAM = "session-5e4d3e55";

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "keel-send-message-"));
  await mkdir(join(dir, "work"), { recursive: true });
  await mkdir(join(dir, "state"), { recursive: true });
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const call = (name: string, input: Record<string, unknown>) => ({
  content: [{ type: "tool_use", name, input }],
});

it("keel's teams setting offers SendMessage; TaskUpdate's new owner finds a task_assignment in its inbox file", async () => {
  // keel's own settings file turns teams on (no CLAUDE_CODE_EXPERIMENTAL_AGENT_TEAMS).
  await writeFile(join(dir, "state", "settings.json"), JSON.stringify({ teams: true }));
  const server = await scriptedServer({
    turns: [
      call("TaskCreate", { subject: "Write the greeting", description: "hello.txt" }),
      call("TaskUpdate", { taskId: "1", owner: "alice" }),
      call("SendMessage", { to: "bob", message: "hi", summary: "Hello" }),
      call("SendMessage", { to: "alice@elsewhere", message: "hi", summary: "Hello" }),
      { content: "Done." },
    ],
  });
  const env = {
    ...anthropicEnv(server),
    HOME: join(dir, "home"),
    KEEL_CONFIG_DIR: join(dir, "state"),
  };
  const run = await runKeel(["-p", "--session-id", SESSION_ID, "assign the work"], {
    cwd: join(dir, "work"),
    env,
  });
  expect(server.violations).toEqual([]);
  expect(run.code).toBe(0);
  const first = server.requests[0]?.body as { tools: Array<{ name: string }> };
  expect(first.tools.map((t) => t.name)).toContain("SendMessage");
  const results = server.requests.slice(1).map((request) => {
    const body = request.body as { messages: Array<{ content: unknown }> };
    return JSON.stringify(body.messages.at(-1)?.content);
  });
  expect(results[1]).toContain("Updated task #1 owner");
  expect(results[2]).toContain("No teammate named");
  expect(results[2]).toContain(`in team ${TEAM}`);
  expect(results[3]).toContain("only one team per session");

  const inbox = join(dir, "state", "teams", TEAM, "inboxes", "alice.json");
  const messages = JSON.parse(await readFile(inbox, "utf8")) as Array<{
    from: string;
    text: string;
  }>;
  expect(messages).toHaveLength(1);
  expect(messages[0]?.from).toBe("team-lead");
  expect(parseProtocolMessage(messages[0]?.text ?? "")).toMatchObject({
    type: "task_assignment",
    taskId: "1",
    subject: "Write the greeting",
    assignedBy: "team-lead",
  });
}, 30_000);
