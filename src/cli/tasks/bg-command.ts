import { randomUUID } from "node:crypto";
import { CommanderError } from "commander";
import { launchBackgroundAgent } from "../../tasks/launch-agent.js";
import { openTaskStore } from "../../tasks/open-store.js";
import type { CliIo } from "../io.js";
import { type CliOptions, mainCommand } from "../options.js";
import { writeTo } from "../output.js";
import { UsageError } from "../usage-error.js";
import { backgroundChildArgs, choosesSession, userArgs } from "./bg-args.js";

/** The keel executable to start again: node, its flags, and keel's script. */
export function currentKeelCommand(): string[] {
  return [process.execPath, ...process.execArgv, process.argv[1] ?? ""];
}

/** Checks the flags as `keel -p` would, so a mistake is reported here, not in the task's log. */
async function checkedOptions(args: readonly string[], io: CliIo): Promise<CliOptions | number> {
  let options: CliOptions | undefined;
  const command = mainCommand((parsed) => {
    options = parsed;
  })
    .exitOverride()
    .configureOutput({
      writeOut: (text) => void io.stdout.write(text),
      writeErr: (text) => void io.stderr.write(text),
    });
  try {
    await command.parseAsync([...args], { from: "user" });
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode === 0 ? 0 : 1;
    throw error;
  }
  return options ?? 0;
}

/** The session the agent will run, when it is known before it starts. */
function sessionOf(options: CliOptions, args: readonly string[]): string | undefined {
  if (!choosesSession(args)) return randomUUID();
  if (options.sessionId !== undefined) return options.sessionId;
  return options.forkSession ? undefined : options.resume;
}

/**
 * `keel --bg "prompt" [print flags]`: starts `keel -p` as a detached background agent, prints
 * its task id as the first word of the first line, and returns at once. `command` is the
 * keel to start (the running one by default).
 */
export async function bgCommand(
  argv: string[],
  io: CliIo,
  command: readonly string[] = currentKeelCommand(),
): Promise<number> {
  const args = userArgs(argv);
  const options = await checkedOptions(args, io);
  if (typeof options === "number") return options;
  if (options.prompt.trim() === "") throw new UsageError('keel --bg needs a prompt: keel --bg "…"');
  const sessionId = sessionOf(options, args);
  const task = await launchBackgroundAgent({
    store: openTaskStore(io.env),
    command,
    args: backgroundChildArgs(args, choosesSession(args) ? undefined : sessionId),
    prompt: options.prompt,
    ...(sessionId === undefined ? {} : { sessionId }),
    cwd: io.cwd,
    env: io.env,
  });
  if (task.status === "failed") {
    await writeTo(io.stderr, `keel: could not start the background agent: ${task.error ?? ""}\n`);
    return 1;
  }
  await writeTo(io.stdout, `${task.id} started in the background (keel logs ${task.id} -f)\n`);
  return 0;
}
