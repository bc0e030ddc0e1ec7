import type { PermissionEngine } from "../../policy/engine.js";
import { bashLimits } from "../../tools/builtin/bash/limits.js";
import type { PermissionMode } from "../../tools/context.js";
import type { AnyTool } from "../../tools/tool.js";
import type { CommandPromptDeps } from "../repl/commands/command-prompt.js";
import { expansionDecider } from "../repl/commands/expansion-permissions.js";
import { runShell } from "../repl/commands/shell-escape.js";

/** What a session's commands and skills expand with. */
export interface PromptDepsInputs {
  cwd: string;
  home: string;
  /** The environment !`command`s run with (the process's, with the settings' `env`). */
  env: NodeJS.ProcessEnv;
  /** The session's permission engine (undefined until the session made it). */
  permissions: () => PermissionEngine | undefined;
  tools: () => readonly AnyTool[];
  mode: () => PermissionMode;
  /** False when the person did not trust the folder (its !`command` lines stay off). */
  projectTrusted?: boolean;
  /** PreSkillShellCommand hooks, before each !`command` runs. */
  beforeShell?: CommandPromptDeps["beforeShell"];
}

/** How commands and skills expand: the session's shell, permissions, the Bash tool's timeout. */
export function commandPromptDeps(inputs: PromptDepsInputs): CommandPromptDeps {
  const { cwd, env } = inputs;
  return {
    cwd,
    home: inputs.home,
    shell: (command, signal) => runShell(command, { cwd, env, signal }),
    decide: expansionDecider({
      engine: inputs.permissions,
      tools: inputs.tools,
      mode: inputs.mode,
      cwd,
    }),
    timeoutMs: bashLimits(env).defaultTimeoutMs,
    ...(inputs.projectTrusted === false ? { projectTrusted: false } : {}),
    ...(inputs.beforeShell ? { beforeShell: inputs.beforeShell } : {}),
    setTimer: (ms, fire) => {
      const timer = setTimeout(fire, ms);
      return () => clearTimeout(timer);
    },
  };
}
