import { resolve } from "node:path";
import { checkSettings } from "../config/settings/check-settings.js";
import type { SettingSourceName } from "../config/settings/load.js";
import { describeProblem } from "../config/settings/problems.js";
import { parseSettingsJson, readSettingsFile } from "../config/settings/read-file.js";
import { userSettingsPath } from "./repl/commands/auto-memory-view.js";
import {
  type JsonObject,
  localSettingsPath,
  updateSettingsFile,
} from "./repl/commands/settings-json-file.js";
import type { ReloadOutcome, SettingsReloader } from "./settings-reloader.js";

/** A settings file an SDK host may write: the project's local one, or keel's user one. */
export type WritableSettings = "localSettings" | "userSettings";

/** Changes to a running session's settings, each checked as keel checks the files it reads. */
export interface SessionSettings {
  /**
   * Merges `changes` into the flag layer (`--settings`; a null value removes its key) and
   * reloads: rejects, changing nothing, when the layer would not be usable.
   */
  applyFlags(changes: JsonObject): Promise<ReloadOutcome>;
  /**
   * Merges `changes` into a settings file through /config's writer (the other keys kept), once
   * the file as it would be is checked clean, then reloads. Rejects, writing nothing, otherwise.
   */
  write(target: WritableSettings, changes: JsonObject): Promise<ReloadOutcome>;
}

/** What the session's settings changes work on. */
interface SessionSettingsInputs {
  cwd: string;
  stateDir: string;
  /** `--settings` as the session started with it (a file or inline JSON). */
  flagSettings: string | undefined;
  /** `--setting-sources` (undefined: every file). */
  sources: readonly SettingSourceName[] | undefined;
  /** Undefined when this session cannot read its settings again. */
  reloader: SettingsReloader | undefined;
}

/** The flag layer the session started with, as an object (`{}` without `--settings`). */
async function startingFlags(value: string | undefined, cwd: string): Promise<JsonObject> {
  if (value === undefined) return {};
  const inline = value.trim().startsWith("{");
  const found = inline ? parseSettingsJson(value) : await readSettingsFile(resolve(cwd, value));
  return found.kind === "object" ? found.value : {};
}

/** `changes` over `settings`: a null value removes its key. */
function merged(settings: JsonObject, changes: JsonObject): JsonObject {
  const next = { ...settings };
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) delete next[key];
    else next[key] = value;
  }
  return next;
}

/** Why a settings object would not be used as written: each problem, one line. */
function problemsOf(file: string, settings: JsonObject): string[] {
  return checkSettings(file, settings).problems.map(describeProblem);
}

/** The session's settings changes. */
export function sessionSettings(inputs: SessionSettingsInputs): SessionSettings {
  let flags: JsonObject | undefined;
  const reloader = () => {
    if (inputs.reloader) return inputs.reloader;
    throw new Error("this session cannot read its settings again");
  };
  return {
    applyFlags: async (changes) => {
      const next = merged(flags ?? (await startingFlags(inputs.flagSettings, inputs.cwd)), changes);
      const outcome = await reloader().reload({ settings: JSON.stringify(next) });
      flags = next;
      return outcome;
    },
    write: async (target, changes) => {
      const group = target === "localSettings" ? "local" : "user";
      if (inputs.sources && !inputs.sources.includes(group)) {
        throw new Error(`--setting-sources leaves out the ${group} settings this would write`);
      }
      const path =
        target === "localSettings"
          ? localSettingsPath(inputs.cwd)
          : userSettingsPath(inputs.stateDir);
      const load = reloader();
      const saved = await updateSettingsFile(path, (settings) => {
        const next = merged(settings, changes);
        const problems = problemsOf(path, next);
        return problems.length === 0
          ? { ok: true, settings: next }
          : { ok: false, why: `would not be used as written: ${problems.join("; ")}` };
      });
      if (!saved.saved) throw new Error(saved.why);
      return load.reload();
    },
  };
}
