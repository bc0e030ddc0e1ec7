import { Command, CommanderError, InvalidArgumentError } from "commander";
import type { CliIo } from "./io.js";
import { runScriptedServerCommand } from "./scripted-server-command.js";

function port(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65_535) {
    throw new InvalidArgumentError("a port is an integer from 0 to 65535");
  }
  return n;
}

/**
 * `keel scripted-server <scenario.json> [--port N] [--port-file F]`: parses the arguments,
 * serves until the process is signalled, and returns the exit code.
 */
export async function scriptedServerCommand(argv: string[], io: CliIo): Promise<number> {
  let args: { scenarioPath: string; port?: number; portFile?: string } | undefined;
  const command = new Command("keel scripted-server")
    .description(
      "Serve a scenario as an Anthropic Messages API on 127.0.0.1, and as Bedrock's InvokeModel on /model/<id>/invoke[-with-response-stream] (see docs/scenario-format.md); the first stdout line is `listening on <url>`",
    )
    .argument("<scenario>", "the scenario file (JSON)")
    .option("--port <n>", "the port to listen on (default: any free port)", port)
    .option("--port-file <file>", "also write the port to this file")
    .exitOverride()
    .configureOutput({
      writeOut: (text) => void io.stdout.write(text),
      writeErr: (text) => void io.stderr.write(text),
    })
    .action((scenarioPath: string, options: { port?: number; portFile?: string }) => {
      args = { scenarioPath, ...options };
    });
  try {
    await command.parseAsync(argv, { from: "user" });
  } catch (error) {
    // --help ends parsing with exit code 0; a bad argument with 1.
    return error instanceof CommanderError && error.exitCode === 0 ? 0 : 1;
  }
  if (!args) return 0;
  const run = await runScriptedServerCommand(args, {
    stdout: io.stdout,
    stderr: io.stderr,
    signal: io.signal,
  });
  return run.closed;
}
