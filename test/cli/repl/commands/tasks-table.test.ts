import { describe, expect, it } from "vitest";
import { tasksTable } from "../../../../src/cli/repl/commands/tasks-view.js";
import { meta } from "../../../tasks/helpers.js";

describe("/tasks's table", () => {
  it("lists id, kind, status, started, ran and description aligned, then says what to do next", () => {
    const agent = meta({ id: "a12345678", kind: "local_agent", prompt: "p", startedAt: 0 });
    const done = { status: "completed", endedAt: 60_000, exitCode: 0 } as const;
    const shell = meta({ id: "b1", ...done, startedAt: 58_000, description: "watch\n the logs" });
    expect(tasksTable([agent, shell], 3_600_000).split("\n")).toEqual([
      "ID         KIND         STATUS     STARTED  RAN  DESCRIPTION",
      "a12345678  local_agent  running    1h ago   1h   sleep",
      "b1         local_bash   completed  59m ago  2s   watch the logs",
      "/tasks <id> shows a task's output; /tasks stop <id> stops a running one.",
    ]);
  });
});
