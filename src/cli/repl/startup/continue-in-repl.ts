import type { CliIo } from "../../io.js";
import { type CliOptions, mainCommand } from "../../options.js";
import { runRepl } from "../run-repl.js";

/** keel's defaults with `--resume <sessionId>`: what `keel --resume <id>` would run with. */
export async function resumeOptions(sessionId: string): Promise<CliOptions> {
  let parsed: CliOptions | undefined;
  await mainCommand((options) => {
    parsed = options;
  })
    .exitOverride()
    .parseAsync(["--resume", sessionId], { from: "user" });
  if (!parsed) throw new Error(`cannot build the options to resume session ${sessionId}`);
  return parsed;
}

/**
 * Continues a session in the REPL, as `keel --resume <sessionId>` run in `cwd` would (the
 * session's transcript lives under the folder it ran in). `keel attach` loads this with a
 * dynamic import once the background agent has ended, so its following path never loads ink.
 */
export async function continueInRepl(sessionId: string, cwd: string, io: CliIo): Promise<number> {
  return runRepl(await resumeOptions(sessionId), { ...io, cwd });
}
