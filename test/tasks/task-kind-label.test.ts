import { describe, expect, it } from "vitest";
import { taskEndNotice } from "../../src/cli/repl/task-notices.js";
import { taskTable } from "../../src/cli/tasks/task-table.js";
import type { EndedStatusRecord, TaskMeta } from "../../src/tasks/task-meta.js";

const base = {
  cwd: "/project",
  startedAt: 0,
  status: "killed",
  endedAt: 1,
  exitCode: null,
} as const;

const tasks: Array<TaskMeta & EndedStatusRecord> = [
  { ...base, id: "b1", kind: "local_bash", command: "make", description: "build" },
  {
    ...base,
    id: "b2",
    kind: "local_bash",
    command: "tail -f app.log",
    shellKind: "monitor",
    description: "app log",
  },
  {
    ...base,
    id: "m3",
    kind: "monitor_mcp",
    server: "docs",
    resources: ["keel://status"],
    description: "status page",
  },
];

describe("monitors among the tasks", () => {
  it("keel ps names a Monitor's command local_bash:monitor and an MCP monitor monitor_mcp", () => {
    expect(taskTable(tasks, 5_000).split("\n").slice(1, 4)).toEqual([
      "b1  local_bash          killed  5s   build",
      "b2  local_bash:monitor  killed  5s   app log",
      "m3  monitor_mcp         killed  5s   status page",
    ]);
  });

  it("the REPL's line for a task's end says which monitor it was", () => {
    expect(tasks.map((task) => taskEndNotice(task).text)).toEqual([
      "Background task b1 (build) killed",
      "Monitor b2 (app log) killed",
      "MCP monitor m3 (status page) killed",
    ]);
  });
});
