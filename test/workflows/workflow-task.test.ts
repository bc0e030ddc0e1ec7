import { existsSync } from "node:fs";
import { mkdir, readFile, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { BackgroundAgents } from "../../src/tasks/background-agents.js";
import { BackgroundWorkflows } from "../../src/tasks/background-workflows.js";
import { killTask } from "../../src/tasks/kill-task.js";
import { logRenderer } from "../../src/tasks/log-renderer.js";
import type { BackgroundWorkflowRequest } from "../../src/tools/builtin/workflow/background.js";
import { createWorkflowTool } from "../../src/tools/builtin/workflow/workflow-tool.js";
import { loadSavedWorkflows } from "../../src/workflows/saved-workflows.js";
import { makeToolCallContext } from "../helpers/tool-context.js";
import { waitForStatus, withTaskFolders } from "../tasks/helpers.js";

const folders = withTaskFolders();

function workflowsForTest() {
  const { store, work } = folders.current;
  const agents = new BackgroundAgents(store, { sessionId: "s1", cwd: work, killCheckMs: 20 });
  folders.cleanups.push(() => agents.dispose());
  const workflows = new BackgroundWorkflows(store, agents, {
    sessionId: "s1",
    cwd: work,
    killCheckMs: 20,
  });
  return { agents, workflows };
}

const request = (run: BackgroundWorkflowRequest["run"]): BackgroundWorkflowRequest => ({
  description: "Reviews files",
  workflowName: "review",
  runId: "wr-0123456789",
  run,
});

describe("workflow runs as local_workflow tasks", () => {
  it("records the run, its phases and agents in its log, and its result; keel logs renders them", async () => {
    const { store } = folders.current;
    const { agents, workflows } = workflowsForTest();
    const handle = await workflows.launch(
      request(async (_signal, report) => {
        report({ type: "phase", title: "Review" });
        report({ type: "agent", seq: 0, state: "started", label: "a.ts", phase: "Review" });
        report({ type: "agent", seq: 0, state: "done", label: "a.ts", phase: "Review" });
        report({ type: "log", message: "1 reviewed" });
        return { ok: true, resultText: '["fine"]' };
      }),
    );
    expect(handle.taskId).toMatch(/^w[0-9a-z]{8}$/);
    // keel -p waits for the run as for a background agent.
    await agents.whenNoneRunning();
    const task = await waitForStatus(store, handle.taskId, "completed");
    expect(task).toMatchObject({
      kind: "local_workflow",
      workflowName: "review",
      runId: "wr-0123456789",
      description: "Reviews files",
    });
    const renderer = logRenderer("local_workflow");
    const shown = renderer.push(await readFile(handle.outputFile)) + renderer.end();
    expect(shown).toBe(
      [
        "── Review",
        "agent #0 (a.ts) started",
        "agent #0 (a.ts) done",
        "log: 1 reviewed",
        'result: ["fine"]',
        "",
      ].join("\n"),
    );
  });

  it("is stopped by keel kill and ends killed; a failed script ends failed with why", async () => {
    const { store } = folders.current;
    const { workflows } = workflowsForTest();
    const running = await workflows.launch(
      request(
        (signal) =>
          new Promise((_, reject) => signal.addEventListener("abort", () => reject(signal.reason))),
      ),
    );
    const outcome = await killTask(store, running.taskId, { polling: { intervalMs: 10 } });
    expect(outcome).toMatchObject({ outcome: "killed", task: { status: "killed" } });
    const failing = await workflows.launch(
      request(async () => ({ ok: false, error: "TypeError: x is not a function" })),
    );
    const failed = await waitForStatus(store, failing.taskId, "failed");
    expect(failed).toMatchObject({ error: "TypeError: x is not a function" });
  });
});

describe("the Workflow tool", () => {
  it("refuses a script that uses Date.now() before it runs: no run folder, no task", async () => {
    const { work } = folders.current;
    const launched: string[] = [];
    const tool = createWorkflowTool({
      launch: async (r) => {
        launched.push(r.runId);
        return { taskId: "w00000000", outputFile: "" };
      },
      sessionDir: join(work, "session"),
      roots: { cwd: work, home: work },
    });
    const script = `export const meta = { name: "t", description: "d" };\nconst t = Date.now();\nawait agent("x");`;
    await expect(
      tool.call({ script }, makeToolCallContext({ cwd: work }), () => {}),
    ).rejects.toThrow(
      "workflow script refused before it ran: it uses Date.now (it breaks resume) at line 2",
    );
    expect(launched).toEqual([]);
    expect(existsSync(join(work, "session", "workflows"))).toBe(false);
  });

  it("refuses a scriptPath that a Read deny rule covers, as Read would", async () => {
    const { work } = folders.current;
    const secret = join(work, "secret.js");
    await writeFile(secret, `export const meta = { name: "s", description: "d" };\nreturn 1;`);
    const tool = createWorkflowTool({
      launch: async () => ({ taskId: "w00000000", outputFile: "" }),
      sessionDir: join(work, "session"),
      roots: { cwd: work, home: work },
    });
    const context = makeToolCallContext({ cwd: work });
    const denied = {
      ...context,
      options: {
        ...context.options,
        readDenial: {
          denies: (p: string) => p === secret,
          excludeGlobs: () => [],
          hiddenPaths: () => [],
        },
      },
    };
    await expect(tool.call({ scriptPath: "secret.js" }, denied, () => {})).rejects.toThrow(
      `cannot read the workflow script ${secret}: a Read deny rule covers it`,
    );
    await expect(tool.call({ scriptPath: "secret.js" }, context, () => {})).resolves.toMatchObject({
      data: { status: "async_launched", workflowName: "s" },
    });
  });

  it("finds saved workflows by name, the closest folder first, and refuses a symlinked script", async () => {
    const { work, stateDir } = folders.current;
    const repo = join(work, "repo");
    const nested = join(repo, "packages", "app");
    await mkdir(join(repo, ".git"), { recursive: true });
    await mkdir(join(repo, ".claude", "workflows"), { recursive: true });
    await mkdir(join(nested, ".claude", "workflows"), { recursive: true });
    await mkdir(join(stateDir, ".claude", "workflows"), { recursive: true });
    await writeFile(join(repo, ".claude", "workflows", "review.js"), "// root");
    await writeFile(join(repo, ".claude", "workflows", "audit.js"), "// root");
    await writeFile(join(nested, ".claude", "workflows", "review.js"), "// nested");
    await writeFile(join(stateDir, ".claude", "workflows", "audit.js"), "// personal");
    await writeFile(join(stateDir, ".claude", "workflows", "mine.js"), "// personal");
    await symlink(
      join(repo, ".claude", "workflows", "audit.js"),
      join(nested, ".claude", "workflows", "linked.js"),
    );
    const { workflows, problems } = await loadSavedWorkflows({ cwd: nested, home: stateDir });
    expect(workflows.map((w) => [w.name, w.scope, w.path])).toEqual([
      ["review", "project", join(nested, ".claude", "workflows", "review.js")],
      ["audit", "project", join(repo, ".claude", "workflows", "audit.js")],
      ["mine", "user", join(stateDir, ".claude", "workflows", "mine.js")],
    ]);
    expect(problems).toEqual([
      `${join(nested, ".claude", "workflows", "linked.js")}: a symlinked script is not read`,
    ]);
  });
});
