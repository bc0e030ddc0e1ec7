import { describe, expect, it } from "vitest";
import { tasksTable } from "../../../../src/cli/repl/commands/tasks-view.js";
import { meta } from "../../../tasks/helpers.js";

describe("/tasks's table", () => {
  it("lists id, kind, status, started, ran and description aligned, then says what to do next", () => {
    const tasks = [
      meta({
        id: "a12345678",
        kind: "local_agent",
        prompt: "p",
        description: "fix\nthe bug",
        startedAt: 0,
      }),
      meta({ id: "b1", status: "completed", endedAt: 60_000, exitCode: 0, startedAt: 58_000 }),
    ];
    expect(tasksTable(tasks, 3_600_000).split("\n")).toEqual([
      "ID         KIND         STATUS     STARTED  RAN  DESCRIPTION",
      "a12345678  local_agent  running    1h ago   1h   fix the bug",
      "b1         local_bash   completed  59m ago  2s   sleep",
      "/tasks <id> shows a task's output; /tasks stop <id> stops a running one.",
    ]);
  });
});
