import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { TaskListStore } from "../../src/task-list/task-list-store.js";
import { type Mailbox, openMailbox } from "../../src/teams/mailbox.js";
import { parseProtocolMessage } from "../../src/teams/protocol.js";
import { createTaskListTools } from "../../src/tools/builtin/task-list/task-list-tools.js";
import type { AnyTool } from "../../src/tools/tool.js";
import { makeToolCallContext } from "../helpers/tool-context.js";

const TEAM = "session-7e57a11d";
let dir: string;
let store: TaskListStore;
let mailbox: Mailbox;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "keel-task-assign-"));
  store = new TaskListStore(join(dir, "task-lists", "t"));
  mailbox = openMailbox({ configDir: dir, team: TEAM, now: () => new Date(0) });
  await store.create({ subject: "Write the greeting", description: "hello.txt" });
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const byName = (tools: AnyTool[], name: string) => {
  const tool = tools.find((t) => t.name === name);
  if (!tool) throw new Error(`no ${name}`);
  return tool;
};
const as = (agentName?: string) => ({
  ...makeToolCallContext(),
  ...(agentName === undefined ? {} : { agentName }),
});
const update = (tools: AnyTool[], input: Record<string, unknown>, agentName?: string) =>
  byName(tools, "TaskUpdate").call(input, as(agentName), () => {});

describe("TaskUpdate with agent teams on", () => {
  it("a new owner gets a task_assignment in its inbox from whoever assigned it", async () => {
    const tools = createTaskListTools(store, { mailbox });
    const result = await update(tools, { taskId: "1", owner: "alice" });
    expect(result.data).toMatchObject({ success: true, updatedFields: ["owner"] });
    const [sent] = await mailbox.unread("alice");
    expect(sent?.from).toBe("team-lead");
    expect(parseProtocolMessage(sent?.text ?? "")).toEqual({
      type: "task_assignment",
      taskId: "1",
      subject: "Write the greeting",
      description: "hello.txt",
      assignedBy: "team-lead",
      timestamp: expect.any(String),
    });
    // The same owner again is no change: no second message.
    await update(tools, { taskId: "1", owner: "alice" });
    expect(await mailbox.unread("alice")).toHaveLength(1);
  });

  it("starting an unowned task makes it the caller's, and nobody is told of their own claim", async () => {
    const tools = createTaskListTools(store, { mailbox });
    await update(tools, { taskId: "1", status: "in_progress" }, "bob");
    expect((await store.get("1"))?.owner).toBe("bob");
    expect(await mailbox.unread("bob")).toEqual([]);
  });

  it("an assignment that cannot be delivered is said in the result; the update stands", async () => {
    const failing = { send: async () => Promise.reject(new Error("inbox busy")) };
    const tools = createTaskListTools(store, { mailbox: failing });
    const result = await update(tools, { taskId: "1", owner: "carol" });
    expect(result.data).toMatchObject({
      success: true,
      error: expect.stringMatching(
        /carol's, but its task_assignment could not be delivered: inbox busy/,
      ),
    });
    expect((await store.get("1"))?.owner).toBe("carol");
  });

  it("without teams, an owner is only written and a started task keeps no owner", async () => {
    const tools = createTaskListTools(store);
    await update(tools, { taskId: "1", status: "in_progress" }, "bob");
    expect((await store.get("1"))?.owner).toBeUndefined();
    await update(tools, { taskId: "1", owner: "alice" });
    expect(await mailbox.unread("alice")).toEqual([]);
  });
});
