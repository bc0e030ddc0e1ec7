import { isRemoteTaskId } from "../../remote/remote-status.js";
import { killTask } from "../../tasks/kill-task.js";
import { openTaskStore } from "../../tasks/open-store.js";
import type { CliIo } from "../io.js";
import { writeTo } from "../output.js";
import { parseTaskCommand, taskCommand } from "./parse-args.js";

/** `keel kill <id>`: stops a task's process group (SIGTERM, then SIGKILL); it ends "killed". */
export async function killCommand(argv: string[], io: CliIo): Promise<number> {
  const command = taskCommand("kill", "stop a background task").argument(
    "<id>",
    "the task's id (see keel ps)",
  );
  const parsed = await parseTaskCommand(command, argv, io);
  if ("exitCode" in parsed) return parsed.exitCode;
  const id = parsed.args[0] ?? "";
  if (isRemoteTaskId(id)) {
    const { remoteKill } = await import("../remote/remote-task-commands.js");
    return remoteKill(id, io);
  }
  const outcome = await killTask(openTaskStore(io.env), id);
  switch (outcome.outcome) {
    case "unknown":
      await writeTo(io.stderr, `keel: no background task with id "${id}" (see keel ps)\n`);
      return 1;
    case "already_ended":
      await writeTo(io.stdout, `${id} had already ended (${outcome.task.status})\n`);
      return 0;
    case "killed":
      await writeTo(io.stdout, `${id} killed\n`);
      return 0;
  }
}
