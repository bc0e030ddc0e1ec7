import { type Command, CommanderError } from "commander";
import type { CliIo } from "./io.js";
import { type CliOptions, mainCommand } from "./options.js";

/**
 * Parses a command line with a commander command whose action hands over what it parsed: that
 * value, or the exit code when commander ended it (0 for --help, 1 for a usage error, written
 * to the io's streams).
 */
export async function parseCommand<T>(
  make: (onParsed: (value: T) => void) => Command,
  argv: readonly string[],
  io: CliIo,
): Promise<T | number> {
  let parsed: T | undefined;
  const command = make((value) => {
    parsed = value;
  })
    .exitOverride()
    .configureOutput({
      writeOut: (text) => void io.stdout.write(text),
      writeErr: (text) => void io.stderr.write(text),
    });
  try {
    await command.parseAsync([...argv], { from: "user" });
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode === 0 ? 0 : 1;
    throw error;
  }
  return parsed ?? 0;
}

/** keel's own command line (flags and prompt), as `keel` and `keel --remote` read it. */
export function parseMainOptions(argv: readonly string[], io: CliIo): Promise<CliOptions | number> {
  return parseCommand<CliOptions>((onParsed) => mainCommand(onParsed), argv, io);
}
