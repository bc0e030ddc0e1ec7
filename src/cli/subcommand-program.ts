import { Command, CommanderError } from "commander";
import type { CliIo } from "./io.js";

/** A `keel <word> …` command line whose chosen action runs after parsing (exit code returned). */
export interface SubcommandProgram {
  program: Command;
  /** Records the work the parsed line asks for. */
  choose(run: () => Promise<number>): void;
  /** Parses the arguments and runs the chosen work: 0 for help, 1 for a usage error. */
  run(argv: readonly string[]): Promise<number>;
}

export function subcommandProgram(name: string, description: string, io: CliIo): SubcommandProgram {
  let chosen: (() => Promise<number>) | undefined;
  const program = new Command(name)
    .description(description)
    .exitOverride()
    .configureOutput({
      writeOut: (text) => void io.stdout.write(text),
      writeErr: (text) => void io.stderr.write(text),
    });
  return {
    program,
    choose: (run) => {
      chosen = run;
    },
    async run(argv) {
      try {
        await program.parseAsync([...argv], { from: "user" });
      } catch (error) {
        if (error instanceof CommanderError) return error.exitCode === 0 ? 0 : 1;
        throw error;
      }
      return chosen ? chosen() : 0;
    },
  };
}
