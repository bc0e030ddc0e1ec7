import { unavailableSubcommand } from "./claude-subcommands.js";
import { isFullBuildNeeded } from "./full-build-needed.js";
import type { CliIo } from "./io.js";
import type { CliOptions } from "./options.js";
import { writeTo } from "./output.js";
import { parseMainOptions } from "./parse-command.js";
import { runPrintMode } from "./print-mode.js";
import { isRemoteSubmit } from "./remote/remote-flags.js";
import { taskCommandName } from "./tasks/task-commands.js";
import { UsageError } from "./usage-error.js";
import { inWorktree } from "./worktree-option.js";

async function runScriptedServer(argv: string[], io: CliIo): Promise<number> {
  const { scriptedServerCommand } = await import("./scripted-server-options.js");
  return scriptedServerCommand(argv, io);
}

/** Runs keel with the given arguments and returns the exit code. */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  try {
    const taskCommand = taskCommandName(argv);
    if (taskCommand) {
      const { runTaskCommand } = await import("./tasks/dispatch.js");
      return await runTaskCommand(taskCommand, argv, io);
    }
    if (argv[0] === "scripted-server") return await runScriptedServer(argv.slice(1), io);
    if (argv[0] === "trace") {
      const { traceCommand } = await import("./trace-command.js");
      return await traceCommand(argv.slice(1), io);
    }
    if (argv[0] === "mcp") {
      const { runMcpCommand } = await import("./mcp-command/run-mcp-command.js");
      return await runMcpCommand(argv.slice(1), io);
    }
    if (isRemoteSubmit(argv)) {
      const { remoteSubmitCommand } = await import("./remote/remote-submit-command.js");
      return await remoteSubmitCommand(argv, io);
    }
    if (argv[0] === "batch") {
      const { batchCommandMain } = await import("./batch/batch-command.js");
      return await batchCommandMain(argv.slice(1), io);
    }
    if (argv[0] === "worker") {
      const { workerCommandMain } = await import("./remote/worker-command.js");
      return await workerCommandMain(argv.slice(1), io);
    }
    if (argv[0] === "plugin" || argv[0] === "plugins") {
      const { runPluginCommand } = await import("./plugin-command/run-plugin-command.js");
      return await runPluginCommand(argv.slice(1), io);
    }
    if (argv[0] === "memory") {
      const { memoryCommand } = await import("./memory-command.js");
      return await memoryCommand(argv.slice(1), io);
    }
    if (argv[0] === "doctor") {
      const { doctorCommand } = await import("./doctor/doctor-command.js");
      return await doctorCommand(argv.slice(1), io);
    }
    const unavailable = unavailableSubcommand(argv[0]);
    if (unavailable) throw new UsageError(unavailable);
    const options = await parseMainOptions(argv, io);
    if (typeof options === "number") return options;
    const run = await inWorktree(options, io);
    let handedOver = false;
    try {
      return await runSession(run.options, run.io);
    } catch (error) {
      handedOver = isFullBuildNeeded(error);
      throw error;
    } finally {
      // The full build runs the same arguments again, in the same worktree.
      if (!handedOver) await run.finish();
    }
  } catch (error) {
    return await failed(error, io);
  }
}

/** Runs the REPL, or a headless session (as a background task's child too). */
async function runSession(options: CliOptions, io: CliIo): Promise<number> {
  if (options.setup?.only) {
    const { runSetupOnly } = await import("./setup-only.js");
    return await runSetupOnly(options, io);
  }
  if (!options.print && options.inputFormat !== "stream-json") {
    // The REPL (ink, react) loads only here, so `keel -p` never pays for it. In the print
    // bundle, runRepl hands over to the full build, which must find nothing written yet:
    // the REPL shows the flags' warnings itself.
    const { runRepl } = await import("./repl/run-repl.js");
    return await runRepl(options, io);
  }
  for (const warning of options.flagWarnings ?? []) await writeTo(io.stderr, `keel: ${warning}\n`);
  // A background task's child (keel --bg) records its own start and end.
  const { runAsTask } = await import("../tasks/run-as-task.js");
  return await runAsTask(io, (taskIo) => runPrintMode(options, taskIo));
}

/** An error before or around the session: one line on stderr (the stack with KEEL_DEBUG), 1. */
async function failed(error: unknown, io: CliIo): Promise<number> {
  if (isFullBuildNeeded(error)) throw error; // bin.ts runs the arguments in the full build
  if (error instanceof Error && !(error instanceof UsageError) && io.env.KEEL_DEBUG) {
    await writeTo(io.stderr, `${error.stack}\n`);
  }
  await writeTo(io.stderr, `keel: ${error instanceof Error ? error.message : String(error)}\n`);
  return 1;
}
