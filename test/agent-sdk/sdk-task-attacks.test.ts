import { spawn } from "node:child_process";
import { appendFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { TaskStore } from "../../src/tasks/task-store.js";
import { scriptedServer } from "../helpers/scripted.js";
import { isAlive } from "../tools/bash/helpers.js";
import { driveTurns } from "./sdk-between-turns.js";
import { useSdkSandbox } from "./sdk-harness.js";

/**
 * The task store is shared by every session of the user: a host may reach its own session's
 * tasks only. Another session's running shell is neither stopped nor read.
 */

const sandbox = useSdkSandbox();

const OTHER_OUTPUT = "another-sessions-output-5c1e";

/** The Query method this SDK has but its d.ts leaves out (it sends get_task_output). */
interface TaskOutputQuery {
  getTaskOutput(taskId: string): Promise<unknown>;
}

describe("the Agent SDK's task requests, on another session's task", { timeout: 60_000 }, () => {
  it("stop_task and get_task_output refuse it: its process runs on and its output is not sent", async () => {
    const box = sandbox();
    const child = spawn("sleep", ["30"], { detached: true, stdio: "ignore" });
    const pid = child.pid ?? 0;
    try {
      const store = new TaskStore(join(box.home, ".keel", "tasks"));
      const id = "othersession1";
      const paths = await store.create({
        id,
        kind: "local_bash",
        command: "sleep 30",
        description: "another session's shell",
        cwd: box.cwd,
        sessionId: "00000000-0000-4000-8000-00000000beef",
        pid,
        pgid: pid,
        startedAt: Date.now(),
        status: "running",
      });
      await appendFile(paths.output, `${OTHER_OUTPUT}\n`);
      const server = await scriptedServer({ turns: [{ content: "One." }] });
      const answers: unknown[] = [];
      await driveTurns(
        sandbox(),
        server.url,
        ["one"],
        [
          async (q) => {
            answers.push(
              await q.stopTask(id).then(
                () => "stopped",
                (error: Error) => error.message,
              ),
            );
            answers.push(
              await (q as unknown as TaskOutputQuery)
                .getTaskOutput(id)
                .catch((error: Error) => error.message),
            );
          },
        ],
      );
      expect(answers).toEqual([
        `stop_task: this session has no background task "${id}"`,
        `get_task_output: this session has no background task "${id}"`,
      ]);
      expect(isAlive(pid)).toBe(true);
    } finally {
      child.kill("SIGKILL");
    }
  });
});
