import { isRemoteTaskId } from "../../remote/remote-status.js";
import { followTaskOutput } from "../../tasks/follow-output.js";
import { openTaskStore } from "../../tasks/open-store.js";
import type { CliIo } from "../io.js";
import { writeTo } from "../output.js";
import { findTask } from "./find-task.js";
import { parseTaskCommand, taskCommand } from "./parse-args.js";

/** How often a followed log is checked for growth. */
export const FOLLOW_INTERVAL_MS = 100;

/**
 * `keel logs <id> [-f]`: what a task produced (a shell's output; an agent's text and one line
 * per tool call); with -f, what it goes on producing until it ends (or Ctrl+C).
 */
export async function logsCommand(argv: string[], io: CliIo): Promise<number> {
  const command = taskCommand("logs", "print what a background task produced")
    .argument("<id>", "the task's id (see keel ps)")
    .option("-f, --follow", "keep printing until the task ends", false);
  const parsed = await parseTaskCommand(command, argv, io);
  if ("exitCode" in parsed) return parsed.exitCode;
  const id = parsed.args[0] ?? "";
  if (isRemoteTaskId(id)) {
    const { remoteLogs } = await import("../remote/remote-task-commands.js");
    return remoteLogs(id, parsed.options.follow === true, io);
  }
  const store = openTaskStore(io.env);
  const task = await findTask(store, id, io);
  if (!task) return 1;
  await followTaskOutput(store, task, (text) => writeTo(io.stdout, text), {
    follow: parsed.options.follow === true,
    polling: { intervalMs: FOLLOW_INTERVAL_MS },
    signal: io.signal,
  });
  return 0;
}
