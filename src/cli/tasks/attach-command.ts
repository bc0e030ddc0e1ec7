import { followTaskOutput } from "../../tasks/follow-output.js";
import { openTaskStore } from "../../tasks/open-store.js";
import { isTerminalTaskStatus } from "../../tasks/task-meta.js";
import type { CliIo } from "../io.js";
import { writeTo } from "../output.js";
import { findTask } from "./find-task.js";
import { FOLLOW_INTERVAL_MS } from "./logs-command.js";
import { parseTaskCommand, taskCommand } from "./parse-args.js";

/**
 * `keel attach <id>`: follows a background agent's session live (its text and tool calls)
 * until it ends, then says how it ended. Continuing the session in the REPL afterwards is not
 * available in this version (there is no REPL yet): `keel -p --resume <session>` continues it.
 */
export async function attachCommand(argv: string[], io: CliIo): Promise<number> {
  const command = taskCommand("attach", "follow a background agent live until it ends").argument(
    "<id>",
    "the task's id (see keel ps)",
  );
  const parsed = await parseTaskCommand(command, argv, io);
  if ("exitCode" in parsed) return parsed.exitCode;
  const store = openTaskStore(io.env);
  const task = await findTask(store, parsed.args[0] ?? "", io);
  if (!task) return 1;
  if (task.kind !== "local_agent") {
    await writeTo(io.stderr, `keel: ${task.id} is a shell, not an agent: use keel logs -f\n`);
    return 1;
  }
  const ended = await followTaskOutput(store, task, (text) => writeTo(io.stdout, text), {
    follow: true,
    polling: { intervalMs: FOLLOW_INTERVAL_MS },
    signal: io.signal,
  });
  if (!isTerminalTaskStatus(ended.status)) return 130; // detached by Ctrl+C; the task runs on
  const resume = ended.sessionId ? ` (continue it with keel -p --resume ${ended.sessionId})` : "";
  await writeTo(io.stderr, `keel: ${ended.id} ${ended.status}${resume}\n`);
  return 0;
}
