import { openTaskStore } from "../../tasks/open-store.js";
import type { CliIo } from "../io.js";
import { writeTo } from "../output.js";
import { parseTaskCommand, taskCommand } from "./parse-args.js";
import { taskTable } from "./task-table.js";

/** `keel ps`: the background tasks of this state folder, newest first. */
export async function psCommand(argv: string[], io: CliIo): Promise<number> {
  const parsed = await parseTaskCommand(
    taskCommand("ps", "list background tasks: id, kind, status, age, description"),
    argv,
    io,
  );
  if ("exitCode" in parsed) return parsed.exitCode;
  const store = openTaskStore(io.env);
  const { tasks, unreadable } = await store.list();
  for (const bad of unreadable) {
    await writeTo(io.stderr, `keel: task ${bad.id} has an unreadable meta.json: ${bad.problem}\n`);
  }
  await writeTo(io.stdout, taskTable(tasks, store.time()));
  const { printRemoteTasks } = await import("../remote/remote-task-commands.js");
  await printRemoteTasks(io);
  return 0;
}
