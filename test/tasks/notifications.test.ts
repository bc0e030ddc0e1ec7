import { describe, expect, it } from "vitest";
import { z } from "zod";
import type { QueryDeps } from "../../src/loop/params.js";
import type { Attachment, Message } from "../../src/protocol/messages.js";
import { createAttachmentCollector } from "../../src/session/attachments/collector.js";
import type { AttachmentPass } from "../../src/session/attachments/sources.js";
import { createSubagentRunner } from "../../src/session/subagent-runner.js";
import { BackgroundAgents } from "../../src/tasks/background-agents.js";
import { taskNotificationsSource } from "../../src/tasks/notifications.js";
import { isTerminalTaskStatus } from "../../src/tasks/task-meta.js";
import type { TaskStore } from "../../src/tasks/task-store.js";
import { createAgentTool } from "../../src/tools/builtin/agent/agent-tool.js";
import type { Tool } from "../../src/tools/tool.js";
import { counterIds, messagesOf, runLoop } from "../loop/harness.js";
import { DEFINITIONS } from "../tools/agent/helpers.js";
import { meta, waitFor, withTaskFolders } from "./helpers.js";

const folders = withTaskFolders();

const pass = { signal: new AbortController().signal } as AttachmentPass;

describe("task notifications", () => {
  it("report each ended task of the session once, with how it ended and its output", async () => {
    const { store } = folders.current;
    const source = taskNotificationsSource(store, { sessionId: "s1", since: 500 });
    await store.create(meta({ id: "b1", sessionId: "s1", command: "make" }));
    await store.create(
      meta({ id: "b2", sessionId: "other", status: "killed", endedAt: 2, exitCode: null }),
    );
    await store.create(
      meta({
        id: "b3",
        sessionId: "s1",
        startedAt: 100,
        status: "failed",
        endedAt: 2,
        exitCode: 1,
      }),
    );
    expect(await source(pass)).toEqual([]); // b1 runs; b2 is another's; b3 is from before
    await store.write(
      meta({
        id: "b1",
        sessionId: "s1",
        command: "make",
        status: "completed",
        endedAt: 3,
        exitCode: 0,
      }),
    );
    const [notice, ...rest] = await source(pass);
    expect(rest).toEqual([]);
    expect(notice).toMatchObject({ type: "task_notification", taskId: "b1", status: "completed" });
    const summary = (notice as Extract<Attachment, { type: "task_notification" }>).summary;
    expect(summary).toContain("It completed (exit code 0).");
    expect(summary).toContain("Command: make");
    expect(summary).toContain(store.paths("b1").output);
    expect(await source(pass)).toEqual([]);
  });

  it("deliver nothing from a pass that ran out of time, and the task is reported next time", async () => {
    const { store } = folders.current;
    const source = taskNotificationsSource(store, { sessionId: "s1", since: 0 });
    await store.create(
      meta({ id: "b1", sessionId: "s1", status: "completed", endedAt: 3, exitCode: 0 }),
    );
    const late = new AbortController();
    late.abort();
    expect(await source({ ...pass, signal: late.signal })).toEqual([]);
    expect(await source(pass)).toHaveLength(1);
  });
});

/** A tool that returns once every task in the store has ended (the foreground keeps working). */
function waitForTasksTool(store: TaskStore): Tool<Record<string, never>, string> {
  return {
    name: "WaitForTasks",
    description: "Waits until the background tasks have ended.",
    inputSchema: z.strictObject({}),
    maxResultSizeChars: 1_000,
    isReadOnly: () => true,
    isConcurrencySafe: () => true,
    async call() {
      const ended = await waitFor(async () => {
        const { tasks } = await store.list();
        return tasks.length > 0 && tasks.every((t) => isTerminalTaskStatus(t.status));
      });
      return { data: ended ? "all ended" : "still running" };
    },
    mapToolResult: (output, id) => ({ type: "tool_result", tool_use_id: id, content: output }),
  };
}

const toolUse = (name: string, input: Record<string, unknown>) => ({
  type: "tool_use",
  name,
  input,
});

describe("a background agent in a loop run", () => {
  it("is started by Agent at once, and its notice arrives once, right after a round's tool results", async () => {
    const { store, work } = folders.current;
    const agents = new BackgroundAgents(store, { sessionId: "s1", cwd: work, killCheckMs: 20 });
    folders.cleanups.push(() => agents.dispose());
    const run = await runLoop(
      {
        turns: [
          {
            content: [
              toolUse("Agent", {
                description: "Review the code",
                prompt: "Review it.",
                subagent_type: "reviewer",
                run_in_background: true,
              }),
            ],
          },
          { content: [toolUse("WaitForTasks", {})] },
          { content: "Both done." },
        ],
        // The subagent's request (its own system prompt) is answered without using a turn.
        side: [{ match: { systemPattern: "You are the reviewer agent" }, content: "No defects." }],
      },
      {
        tools: [
          createAgentTool(DEFINITIONS, { launchBackground: agents.launch }),
          waitForTasksTool(store),
        ],
        deps: {
          collectAttachments: createAttachmentCollector({
            sources: {
              taskNotifications: taskNotificationsSource(store, { sessionId: "s1", since: 0 }),
            },
            ids: counterIds(),
          }),
        },
        toolUseOptions: (deps: QueryDeps) => ({
          agentDefinitions: DEFINITIONS,
          runSubagent: createSubagentRunner({
            queryDeps: deps,
            userContext: {},
            maxOutputTokens: () => 4_000,
            newAgentId: () => "agent-1",
            now: () => 0,
          }),
        }),
      },
    );
    expect(run.violations).toEqual([]);
    expect(run.terminal.reason).toBe("completed");
    const kinds = messagesOf(run).map(describeMessage);
    const results = kinds.filter((k) => k.startsWith("result"));
    expect(results[0]).toMatch(/running in the background as task a/);
    // Whichever boundary it reached first, the notice comes right after a round's tool results.
    const notice = kinds.indexOf("attachment:task_notification");
    expect(kinds[notice - 1]).toMatch(/^result:/);
    expect(kinds.filter((k) => k === "attachment:task_notification")).toHaveLength(1);
    const last = JSON.stringify(run.requests.at(-1));
    expect(last).toContain("Background task a");
    expect(last).toContain("(Review the code) completed");
    expect(last).toContain("No defects.");
    const { tasks } = await store.list();
    expect(tasks).toMatchObject([{ kind: "local_agent", status: "completed", sessionId: "s1" }]);
  });
});

/** A message as "result:<text>", "attachment:<type>" or its type. */
function describeMessage(message: Message): string {
  if (message.type === "attachment") return `attachment:${message.attachment.type}`;
  if (message.type === "user" && Array.isArray(message.message.content)) {
    const result = message.message.content.find((b) => b.type === "tool_result");
    if (result && result.type === "tool_result") {
      const content = result.content;
      const text = typeof content === "string" ? content : JSON.stringify(content);
      return `result:${text}`;
    }
  }
  return message.type;
}
