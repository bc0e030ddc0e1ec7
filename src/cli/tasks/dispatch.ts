import type { CliIo } from "../io.js";
import type { TaskCommandName } from "./task-commands.js";

/**
 * Runs a task command (loaded on demand): `ps`, `logs`, `kill`, `attach` get the arguments
 * after their name; `bg` gets the whole command line (its flags are keel -p's).
 */
export async function runTaskCommand(
  name: TaskCommandName,
  argv: string[],
  io: CliIo,
): Promise<number> {
  switch (name) {
    case "ps":
      return (await import("./ps-command.js")).psCommand(argv.slice(1), io);
    case "logs":
      return (await import("./logs-command.js")).logsCommand(argv.slice(1), io);
    case "kill":
      return (await import("./kill-command.js")).killCommand(argv.slice(1), io);
    case "attach":
      return (await import("./attach-command.js")).attachCommand(argv.slice(1), io);
    case "bg":
      return (await import("./bg-command.js")).bgCommand(argv, io);
  }
}
