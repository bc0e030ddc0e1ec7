import { describe, expect, it } from "vitest";
import { workflowRunsText } from "../../../src/cli/repl/commands/workflows-view.js";
import { BackgroundAgents } from "../../../src/tasks/background-agents.js";
import { BackgroundWorkflows } from "../../../src/tasks/background-workflows.js";
import { scriptedEngine } from "../../session/engine/helpers.js";
import { waitForStatus, withTaskFolders } from "../../tasks/helpers.js";
import { answerNotice, controllerFor } from "./repl-harness.js";

const folders = withTaskFolders();

describe("/workflows in the REPL", () => {
  it("shows this session's runs with their phases, agents and logs", async () => {
    const { store, work } = folders.current;
    const agents = new BackgroundAgents(store, { sessionId: "s1", cwd: work });
    folders.cleanups.push(() => agents.dispose());
    const workflows = new BackgroundWorkflows(store, agents, { sessionId: "s1", cwd: work });
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    folders.cleanups.unshift(async () => release());
    const handle = await workflows.launch({
      description: "Reviews files",
      workflowName: "review",
      runId: "wr-0123456789",
      run: async (_signal, report) => {
        report({ type: "phase", title: "Review" });
        report({ type: "agent", seq: 0, state: "cached", label: "a.ts", phase: "Review" });
        report({ type: "agent", seq: 1, state: "started", label: "b.ts", phase: "Review" });
        report({ type: "agent", seq: 2, state: "started", label: "c.ts", phase: "Review" });
        report({
          type: "agent",
          seq: 2,
          state: "failed",
          label: "c.ts",
          phase: "Review",
          error: "it died",
        });
        report({ type: "phase", title: "Summary" });
        report({ type: "log", message: "2 of 3 reviewed" });
        await held;
        return { ok: true, resultText: "done" };
      },
    });
    // Another session's run is not this session's business.
    const others = new BackgroundWorkflows(store, agents, { sessionId: "s2", cwd: work });
    await others.launch({
      description: "Other",
      workflowName: "other",
      runId: "wr-aaaaaaaaaa",
      run: async () => ({ ok: true, resultText: "" }),
    });
    const session = {
      engine: scriptedEngine({ turns: [] }).engine,
      workflows: () => workflowRunsText(store, "s1"),
      dispose: async () => {},
    };
    const controller = controllerFor(session, work);
    const expected = (status: string) =>
      [
        `${handle.taskId}  review  ${status}  (run wr-0123456789)`,
        "  Review",
        "    #0 a.ts  replayed",
        "    #1 b.ts  running",
        "    #2 c.ts  failed: it died",
        "  Summary",
        "  log: 2 of 3 reviewed",
      ].join("\n");
    await waitForStatus(store, handle.taskId, "running");
    // The log is written in order but asynchronously: look until the last line is there.
    let shown = "";
    for (let i = 0; i < 100 && !shown.includes("log: 2 of 3"); i++) {
      shown = (await answerNotice(controller, "/workflows"))?.text ?? "";
    }
    expect(shown).toBe(expected("running"));
    release();
    await waitForStatus(store, handle.taskId, "completed");
    expect(await workflowRunsText(store, "s1")).toBe(expected("completed"));
    expect(await workflowRunsText(store, "nobody")).toBe("No workflow has run in this session.");
  });
});
