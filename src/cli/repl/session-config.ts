import { homedir } from "node:os";
import { outputStyleRoots } from "../output-style-roots.js";
import { configOverrides } from "./commands/config-overrides.js";
import { type ConfigView, configView } from "./commands/config-view.js";
import { settingsFilesOf } from "./commands/settings-files.js";
import type { ReplSessionInputs } from "./repl-sessions.js";

/**
 * /config's and /output-style's view for a session of this REPL: the settings files read with
 * the flags keel started with, and the choice shared by its sessions (a REPL that keeps none
 * still saves; its /clear then reads the settings of its launch).
 */
export function sessionConfigView(inputs: ReplSessionInputs): ConfigView {
  const { options, io, policy } = inputs;
  const home = io.env.HOME ?? homedir();
  return configView({
    ...settingsFilesOf(options, { home, stateDir: inputs.stateDir, cwd: io.cwd }),
    autoDisabled: policy.settings.autoDisabled,
    overrides: configOverrides(options, { ...io.env, ...policy.settings.env }),
    styleRoots: outputStyleRoots(policy, io.cwd, home),
    choice: inputs.settingsChoice ?? {},
  });
}
