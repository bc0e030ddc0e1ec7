import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { emptyUsage } from "../../src/protocol/usage.js";
import { BackgroundAgents } from "../../src/tasks/background-agents.js";
import { killTask } from "../../src/tasks/kill-task.js";
import type { BackgroundAgentRequest } from "../../src/tools/builtin/agent/background.js";
import type { SubagentRunResult } from "../../src/tools/subagent.js";
import { waitForStatus, withTaskFolders } from "./helpers.js";

const folders = withTaskFolders();

const done = (text: string): SubagentRunResult => ({
  text,
  usage: emptyUsage(),
  turns: 1,
  terminalReason: "completed",
  isError: false,
});

/** A subagent that runs until its signal aborts. */
const untilAborted: BackgroundAgentRequest = {
  description: "wait",
  prompt: "Wait.",
  agentType: "general-purpose",
  run: (signal) =>
    new Promise((_, reject) => signal.addEventListener("abort", () => reject(signal.reason))),
};

function agentsForTest() {
  const { store, work } = folders.current;
  const agents = new BackgroundAgents(store, { sessionId: "s1", cwd: work, killCheckMs: 20 });
  folders.cleanups.push(() => agents.dispose());
  return agents;
}

describe("background agents of a session", () => {
  it("return the task at once and record the end, the final text as a result line", async () => {
    const { store } = folders.current;
    let finish: (result: SubagentRunResult) => void = () => {};
    const handle = await agentsForTest().launch({
      description: "review",
      prompt: "Review it.",
      agentType: "reviewer",
      run: () => new Promise((resolve) => (finish = resolve)),
    });
    expect((await store.read(handle.taskId))?.status).toBe("running");
    finish(done("All good."));
    const task = await waitForStatus(store, handle.taskId, "completed");
    expect(task).toMatchObject({ kind: "local_agent", sessionId: "s1", pid: process.pid });
    expect(await readFile(handle.outputFile, "utf8")).toContain('"result":"All good."');
  });

  it("are stopped by keel kill from another process (no group of their own) and end killed", async () => {
    const { store } = folders.current;
    const handle = await agentsForTest().launch(untilAborted);
    const outcome = await killTask(store, handle.taskId, { polling: { intervalMs: 10 } });
    expect(outcome).toMatchObject({ outcome: "killed", task: { status: "killed" } });
  });

  it("are all stopped, their ends recorded, when the session ends", async () => {
    const { store, work } = folders.current;
    const agents = new BackgroundAgents(store, { sessionId: "s1", cwd: work });
    const handle = await agents.launch(untilAborted);
    await agents.dispose();
    expect((await store.readRecorded(handle.taskId))?.status).toBe("killed");
  });
});
