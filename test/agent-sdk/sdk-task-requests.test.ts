import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { Query, SDKMessage } from "@anthropic-ai/claude-agent-sdk";
import { describe, expect, it } from "vitest";
import { taskMetaSchema } from "../../src/tasks/task-meta.js";
import { scriptedServer } from "../helpers/scripted.js";
import { isAlive } from "../tools/bash/helpers.js";
import {
  keelOptions,
  loadAgentSdk,
  type SdkSandbox,
  userMessage,
  useSdkSandbox,
} from "./sdk-harness.js";

const sandbox = useSdkSandbox();

/** The Query method this SDK has but its d.ts leaves out (it sends get_task_output). */
interface TaskOutputQuery {
  getTaskOutput(
    taskId: string,
  ): Promise<{ output: string; total_bytes: number; truncated: boolean }>;
}

const MARKER = "sdk-task-tail-7f3a";
/** More than get_task_output's 8 KiB tail, so the answer is the end of a longer output. */
const FILLER = 9_000;

/** The task id a background Bash call's result names. */
function startedTaskId(messages: readonly SDKMessage[]): string {
  for (const message of messages) {
    if (message.type !== "user") continue;
    const text = JSON.stringify(message.message.content);
    const id = /running in background with ID: (\w+)/.exec(text)?.[1];
    if (id) return id;
  }
  throw new Error("no background shell was started");
}

/** Waits until `check` holds (the shell's output reaches its file a little after it is written). */
async function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    const value = await read();
    if (check(value) || attempt === 100) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** What the test asks of the task requests once the shell runs. */
async function checkTasks(q: Query, box: SdkSandbox, id: string): Promise<void> {
  const tasks = q as unknown as TaskOutputQuery;
  const read = await eventually(
    () => tasks.getTaskOutput(id),
    (answer) => answer.output.includes(MARKER),
  );
  expect(read.output.endsWith(`${MARKER}\n`)).toBe(true);
  expect(read.truncated).toBe(true);
  expect(Buffer.byteLength(read.output)).toBe(8 * 1024);
  expect(read.total_bytes).toBe(FILLER + 1 + MARKER.length + 1);

  const metaFile = join(box.home, ".keel", "tasks", id, "meta.json");
  const meta = taskMetaSchema.parse(JSON.parse(await readFile(metaFile, "utf8")));
  const child = Number(
    await eventually(
      () => readFile(join(box.cwd, "child.pid"), "utf8").catch(() => ""),
      (text) => text.trim() !== "",
    ),
  );
  if (meta.pid === undefined) throw new Error("the shell's pid was not recorded");
  expect(isAlive(meta.pid)).toBe(true);
  expect(isAlive(child)).toBe(true);

  await q.stopTask(id);
  expect(isAlive(meta.pid)).toBe(false);
  expect(isAlive(child)).toBe(false);
  expect(taskMetaSchema.parse(JSON.parse(await readFile(metaFile, "utf8"))).status).toBe("killed");
  // An ended task's output is still read; a second stop, or an unknown task, is refused.
  expect((await tasks.getTaskOutput(id)).output).toContain(MARKER);
  await expect(q.stopTask(id)).rejects.toThrow(`task "${id}" is not running (killed)`);
  await expect(q.stopTask("nosuchtask")).rejects.toThrow(
    'this session has no background task "nosuchtask"',
  );
  await expect(tasks.getTaskOutput("nosuchtask")).rejects.toThrow(
    'this session has no background task "nosuchtask"',
  );
  await expect(q.backgroundTasks()).rejects.toThrow(
    "keel cannot move a running Bash command or subagent to the background",
  );
}

describe("the Agent SDK's task requests", { timeout: 60_000 }, () => {
  it("reads the end of a background shell's output, and stop_task ends its processes", async () => {
    const { query } = await loadAgentSdk();
    const box = sandbox();
    const server = await scriptedServer({
      turns: [
        {
          content: [
            {
              type: "tool_use",
              id: "toolu_bg",
              name: "Bash",
              input: {
                // A child of the shell that records its pid: the stop must end it too.
                command: `head -c ${FILLER} /dev/zero | tr '\\0' a; echo; echo ${MARKER}; sleep 300 & echo $! > child.pid; wait`,
                description: "Sleeper",
                run_in_background: true,
              },
            },
          ],
        },
        { content: "Started it." },
      ],
    });
    let finish = () => {};
    const done = new Promise<void>((resolve) => {
      finish = resolve;
    });
    async function* prompts() {
      yield userMessage("start a sleeper");
      await done;
    }
    const q: Query = query({
      prompt: prompts(),
      options: keelOptions(box, server.url, { allowedTools: ["Bash"] }),
    });
    const messages: SDKMessage[] = [];
    try {
      // Asked while the query is read: leaving the loop would close it.
      for await (const message of q) {
        messages.push(message);
        if (message.type !== "result") continue;
        await checkTasks(q, box, startedTaskId(messages));
        break;
      }
    } finally {
      finish();
      q.close();
    }
  });
});
