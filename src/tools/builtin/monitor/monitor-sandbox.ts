import type { BuiltinToolsConfig } from "../../builtin-config.js";
import type { ToolCallContext } from "../../context.js";
import type { BashSandbox } from "../../sandbox/bash-sandbox.js";
import { protectedPlaces } from "../../sandbox/runtime-config.js";
import { confinedLaunch } from "../bash/confinement.js";
import { programOnPath } from "../bash/read-only-jail.js";

/**
 * The script a monitor's shell runs: its command wrapped in the sandbox when the `sandbox`
 * settings cover it (as Bash's background shells are), else the command itself.
 */
export async function monitorScript(
  command: string,
  config: BuiltinToolsConfig,
  context: ToolCallContext,
  sandbox: BashSandbox | undefined,
): Promise<string> {
  if (!sandbox || !(await sandbox.covers({ command }, config.cwd))) return command;
  const folders = [context.options.cwd, ...context.options.additionalDirectories];
  const confinement = {
    kind: "sandbox" as const,
    sandbox,
    shellPath: programOnPath("bash", config.env.PATH) ?? "bash",
    places: {
      writable: folders,
      protectedWrites: protectedPlaces(folders, config.stateDir),
      hidden: context.options.readDenial?.hiddenPaths() ?? [],
    },
  };
  // The monitor outlives this call: the sandbox must not stop it when the call's signal fires.
  const launch = await confinedLaunch(confinement, "bash", command, {
    command,
    id: context.toolUseId,
    signal: new AbortController().signal,
  });
  return launch.script;
}
