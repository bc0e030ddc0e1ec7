import type { Confinement } from "./confinement.js";
import { confinedLaunch } from "./confinement.js";
import type { BashCall, BashRunner } from "./run-bash.js";
import { notRun } from "./run-bash.js";
import type { BashInput, BashOutput } from "./schema.js";

/**
 * Starts a command as a background shell in the current working directory and returns at once
 * with its task id. The shell is the registry's from then on: no timeout applies, and aborting
 * this call does not stop it (TaskStop or the end of the session does). A `cd` in it does not
 * move the session's working directory.
 */
export async function startInBackground(
  input: BashInput,
  call: BashCall,
  runner: BashRunner,
  sandbox?: Extract<Confinement, { kind: "sandbox" }>,
): Promise<BashOutput> {
  const start = runner.workingDirectory.start();
  const notes = start.note ? [start.note] : [];
  if (call.signal.aborted) return notRun(start.cwd, notes);
  // The shell outlives this call: the sandbox must not stop it when the call's signal fires.
  const launch = await confinedLaunch(sandbox, runner.shell, input.command, {
    command: input.command,
    id: call.toolUseId,
    signal: new AbortController().signal,
  });
  const task = await runner.backgroundShells.start({
    command: input.command,
    ...(launch.script === input.command ? {} : { script: launch.script }),
    ...(input.description !== undefined ? { description: input.description } : {}),
    shell: runner.shell,
    cwd: start.cwd,
    env: runner.env,
  });
  if (task.status === "failed" && task.error !== undefined) {
    throw new Error(`Could not start ${runner.shell} in ${start.cwd}: ${task.error}`); // as in the foreground
  }
  return {
    stdout: "",
    stderr: "",
    exitCode: null,
    interrupted: false,
    cwd: start.cwd,
    notes,
    background: { taskId: task.id, outputFile: task.outputFile },
  };
}
