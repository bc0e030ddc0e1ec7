import { Command, CommanderError } from "commander";
import type { CliIo } from "../io.js";

/** A parsed task command: its positional arguments and options, or the exit code to return. */
export type Parsed = { args: string[]; options: Record<string, unknown> } | { exitCode: number };

/**
 * Parses a task subcommand's arguments with commander (help, unknown options and missing
 * arguments reported on stderr as for the main command).
 */
export async function parseTaskCommand(
  command: Command,
  argv: readonly string[],
  io: CliIo,
): Promise<Parsed> {
  let parsed: Parsed = { exitCode: 0 };
  command
    .exitOverride()
    .helpOption("-h, --help", "show this help")
    .configureOutput({
      writeOut: (text) => void io.stdout.write(text),
      writeErr: (text) => void io.stderr.write(text),
    })
    .action((...values: unknown[]) => {
      const self = values.at(-1) as Command;
      parsed = { args: self.args, options: self.opts() };
    });
  try {
    await command.parseAsync([...argv], { from: "user" });
  } catch (error) {
    if (error instanceof CommanderError) return { exitCode: error.exitCode === 0 ? 0 : 1 };
    throw error;
  }
  return parsed;
}

/** A new subcommand definition named `keel <name>`. */
export function taskCommand(name: string, description: string): Command {
  return new Command(`keel ${name}`).description(description);
}
