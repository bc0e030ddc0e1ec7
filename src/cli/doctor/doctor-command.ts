import { homedir } from "node:os";
import { Command, CommanderError } from "commander";
import { keelStateDir } from "../../config/paths.js";
import type { CliIo } from "../io.js";
import { writeTo } from "../output.js";
import { doctorTimeoutMs } from "./context.js";
import { renderReport } from "./render.js";
import { runDoctor } from "./run-doctor.js";

/** `keel doctor`'s command line: `--json` only. */
function doctorOptions(io: CliIo, onParsed: (json: boolean) => void): Command {
  return new Command("keel doctor")
    .description(
      "Check keel's installation, ripgrep, the sandbox, the settings files, folder trust, MCP servers and whether the API answers; exit 0 when nothing is wrong, 1 otherwise",
    )
    .option("--json", "print the report as one JSON object (for programs)", false)
    .helpOption("-h, --help", "show this help")
    .exitOverride()
    .configureOutput({
      writeOut: (text) => void io.stdout.write(text),
      writeErr: (text) => void io.stderr.write(text),
    })
    .action((options: { json: boolean }) => onParsed(options.json));
}

/** `keel doctor [--json]`: runs the checks, prints the report, exits 0 only when all pass. */
export async function doctorCommand(argv: string[], io: CliIo): Promise<number> {
  let json: boolean | undefined;
  try {
    await doctorOptions(io, (value) => {
      json = value;
    }).parseAsync(argv, { from: "user" });
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode === 0 ? 0 : 1;
    throw error;
  }
  if (json === undefined) return 0;
  const home = io.env.HOME ?? homedir();
  const report = await runDoctor({
    env: io.env,
    cwd: io.cwd,
    home,
    stateDir: keelStateDir(io.env, home),
    executable: process.argv[1] ?? "keel",
    timeoutMs: doctorTimeoutMs(io.env),
  });
  await writeTo(io.stdout, json ? `${JSON.stringify(report)}\n` : renderReport(report));
  return report.ok ? 0 : 1;
}
