import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { AssistantMessage, Message, UserMessage } from "../../../src/protocol/messages.js";
import { TaskListStore } from "../../../src/task-list/task-list-store.js";
import { planApprovalResponse, shutdownRequest } from "../../../src/teams/protocol.js";
import { claimableTasks, pickNextMessage } from "../../../src/teams/runtime/next-work.js";
import {
  runTeammateLoop,
  type TeammateLoopDeps,
} from "../../../src/teams/runtime/teammate-loop.js";
import type { PermissionMode } from "../../../src/tools/context.js";
import type { TeamHookEvent, TeamHookVerdict } from "../../../src/tools/hooks.js";
import { MemoryMailbox, PROTOCOL, ScriptedConversation } from "./loop-harness.js";

let dir: string;
let tasks: TaskListStore;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "keel-teammate-loop-"));
  tasks = new TaskListStore(dir);
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A loop's deps; the run stops (its signal aborts) the first time it would wait with nothing to do. */
function loopDeps(
  conversation: ScriptedConversation,
  mailbox: MemoryMailbox,
  extra: Partial<TeammateLoopDeps> = {},
) {
  const abort = new AbortController();
  const active: boolean[] = [];
  const modes: PermissionMode[] = [];
  const deps: TeammateLoopDeps = {
    name: "alice",
    team: "session-abcd1234",
    color: "blue",
    conversation,
    mailbox,
    roster: { setActive: async (_name, on) => void active.push(on) },
    protocol: PROTOCOL,
    tasks,
    setPermissionMode: (mode) => void modes.push(mode),
    pollMs: 500,
    sleep: async () => abort.abort(),
    signal: abort.signal,
    onState: () => {},
    ...extra,
  };
  return { deps, active, modes, abort };
}

const idleNotices = (mailbox: MemoryMailbox) =>
  mailbox.all("team-lead").map((m) => JSON.parse(m.text) as Record<string, unknown>);

describe("an idle teammate's choice of work", () => {
  const message = (from: string, text: string) => ({ from, text, timestamp: "t", read: false });
  const isShutdown = (m: { text: string }) => m.text.includes("shutdown_request");

  it("takes a shutdown request first, then the lead's first message, then the first of any", () => {
    const bob = message("bob", "hi");
    const lead = message("team-lead", "do X");
    const stop = message("bob", '{"type":"shutdown_request"}');
    expect(pickNextMessage([bob, lead, stop], isShutdown)).toBe(2);
    expect(pickNextMessage([bob, lead], isShutdown)).toBe(1);
    expect(pickNextMessage([bob], isShutdown)).toBe(0);
    expect(pickNextMessage([], isShutdown)).toBeUndefined();
  });

  it("may claim only pending, unowned tasks whose blockers are completed, lowest id first", () => {
    const task = (id: string, fields: Record<string, unknown> = {}) => ({
      id,
      subject: `task ${id}`,
      description: "",
      status: "pending" as const,
      blocks: [],
      blockedBy: [],
      ...fields,
    });
    const list = [
      task("10"),
      task("2", { blockedBy: ["1"] }),
      task("1", { status: "in_progress", owner: "bob" }),
      task("3", { owner: "bob" }),
      task("4", { blockedBy: ["9"] }),
      task("5", { status: "completed" }),
    ];
    expect(claimableTasks(list).map((t) => t.id)).toEqual(["4", "10"]);
  });
});

describe("a teammate's run loop", () => {
  it("claims tasks in dependency order, wakes on the lead's message before others, and says idle once per turn", async () => {
    await tasks.create({ subject: "Build", description: "build it" });
    const test = await tasks.create({ subject: "Test", description: "test it" });
    await tasks.update(test.id, { addBlockedBy: ["1"] });
    const mailbox = new MemoryMailbox();
    const conversation = new ScriptedConversation([
      {},
      {
        run: async () => {
          await tasks.update("1", { status: "completed" });
          await mailbox.send("alice", { from: "bob", text: "hi alice" });
          await mailbox.send("alice", { from: "team-lead", text: "report when done" });
        },
      },
      {},
      {},
      { run: async () => void (await tasks.update("2", { status: "completed" })) },
    ]);
    const { deps, active } = loopDeps(conversation, mailbox);
    const end = await runTeammateLoop(deps, "You are alice.");
    expect(end).toEqual({ kind: "ended", status: "killed" });
    expect(conversation.prompts).toEqual([
      "You are alice.",
      expect.stringContaining("Start with task #1"),
      '<teammate-message teammate_id="team-lead">\nreport when done\n</teammate-message>',
      '<teammate-message teammate_id="bob">\nhi alice\n</teammate-message>',
      expect.stringContaining("Start with task #2"),
    ]);
    expect((await tasks.get("2"))?.owner).toBe("alice");
    const notices = idleNotices(mailbox);
    expect(notices).toHaveLength(5);
    expect(
      notices.every((n) => n.type === "idle_notification" && n.idleReason === "available"),
    ).toBe(true);
    expect(active).toEqual([true, false, true, false, true, false, true, false, true, false]);
    expect(mailbox.all("alice").every((m) => m.read)).toBe(true);
  });

  it("hands a shutdown request to its model ahead of other mail, and ends once it approved", async () => {
    const mailbox = new MemoryMailbox();
    await mailbox.send("alice", { from: "team-lead", text: "keep going" });
    await mailbox.send("alice", {
      from: "team-lead",
      text: shutdownRequest({ requestId: "shutdown-1@alice", from: "team-lead" }),
    });
    const approve: Message[] = [
      {
        type: "assistant",
        uuid: "a1",
        timestamp: "t",
        message: {
          id: "m1",
          model: "m",
          role: "assistant",
          content: [
            {
              type: "tool_use",
              id: "call-1",
              name: "SendMessage",
              input: {
                to: "team-lead",
                message: {
                  type: "shutdown_response",
                  request_id: "shutdown-1@alice",
                  approve: true,
                },
              },
            },
          ],
          stop_reason: "tool_use",
          stop_sequence: null,
          usage: {
            input_tokens: 0,
            output_tokens: 0,
            cache_creation_input_tokens: 0,
            cache_read_input_tokens: 0,
          },
        },
      } as AssistantMessage,
      {
        type: "user",
        uuid: "u1",
        timestamp: "t",
        message: {
          role: "user",
          content: [{ type: "tool_result", tool_use_id: "call-1", content: "sent" }],
        },
      } as UserMessage,
    ];
    const conversation = new ScriptedConversation([{}, { messages: approve }]);
    const { deps } = loopDeps(conversation, mailbox);
    const end = await runTeammateLoop(deps, "start");
    expect(end).toEqual({ kind: "ended", status: "completed" });
    expect(conversation.prompts[1]).toContain("shutdown_request");
    // One idle notice, after the first turn: an approved shutdown is not an idle teammate.
    expect(idleNotices(mailbox)).toHaveLength(1);
    expect((await mailbox.unread("alice")).map((m) => m.text)).toEqual(["keep going"]);
  });

  it("runs TaskCompleted for its in-progress tasks, then TeammateIdle; feedback keeps it working, continue:false stops it", async () => {
    await tasks.create({ subject: "Ship", description: "ship it" });
    await tasks.claim("1", "alice");
    const mailbox = new MemoryMailbox();
    const fired: string[] = [];
    const verdicts: TeamHookVerdict[] = [
      {},
      { feedback: "run the tests first" },
      {},
      { stop: "done for today" },
    ];
    const hooks = async (event: TeamHookEvent): Promise<TeamHookVerdict> => {
      fired.push(
        `${event.event}:${"task_id" in event.input ? event.input.task_id : event.input.teammate_name}`,
      );
      return verdicts.shift() ?? {};
    };
    const conversation = new ScriptedConversation([{}, {}]);
    const { deps } = loopDeps(conversation, mailbox, { hooks });
    const end = await runTeammateLoop(deps, "start");
    expect(end).toEqual({ kind: "ended", status: "completed" });
    expect(fired).toEqual([
      "TaskCompleted:1",
      "TeammateIdle:alice",
      "TaskCompleted:1",
      "TeammateIdle:alice",
    ]);
    expect(conversation.prompts).toEqual([
      "start",
      "TeammateIdle hook feedback: run the tests first",
    ]);
    expect(idleNotices(mailbox)).toHaveLength(0);
  });

  it("fails on an API error with its text, telling the lead why", async () => {
    const mailbox = new MemoryMailbox();
    const conversation = new ScriptedConversation([
      { apiError: true, text: "API Error: 529 overloaded" },
    ]);
    const { deps } = loopDeps(conversation, mailbox);
    const end = await runTeammateLoop(deps, "start");
    expect(end).toEqual({ kind: "ended", status: "failed", error: "API Error: 529 overloaded" });
    expect(idleNotices(mailbox)).toEqual([
      {
        type: "idle_notification",
        from: "alice",
        idleReason: "failed",
        failureReason: "API Error: 529 overloaded",
        timestamp: "2026-12-05T00:00:00.000Z",
      },
    ]);
  });

  it("takes the mode a plan approval grants before its model reads the approval", async () => {
    const mailbox = new MemoryMailbox();
    await mailbox.send("alice", {
      from: "team-lead",
      text: planApprovalResponse({
        requestId: "p1",
        approved: true,
        permissionMode: "acceptEdits",
      }),
    });
    const conversation = new ScriptedConversation([{}, {}]);
    const { deps, modes } = loopDeps(conversation, mailbox);
    await runTeammateLoop(deps, "start");
    expect(modes).toEqual(["acceptEdits"]);
    expect(conversation.prompts[1]).toContain("plan_approval_response");
  });
});
