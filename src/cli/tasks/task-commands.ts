import { isBackgroundRequest } from "./bg-args.js";

/** The subcommands for background tasks (`keel ps`, `keel logs`, …). */
export const TASK_SUBCOMMANDS = ["ps", "logs", "kill", "attach"] as const;

/** What a command line asks of the task commands: a subcommand, --bg, or nothing. */
export type TaskCommandName = (typeof TASK_SUBCOMMANDS)[number] | "bg";

/** Which task command `argv` runs, if any (cheap: main.ts asks before loading anything). */
export function taskCommandName(argv: readonly string[]): TaskCommandName | undefined {
  const first = argv[0];
  const sub = TASK_SUBCOMMANDS.find((name) => name === first);
  if (sub) return sub;
  return isBackgroundRequest(argv) ? "bg" : undefined;
}
