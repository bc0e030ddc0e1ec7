import type { SandboxMode } from "../../../tools/sandbox/bash-sandbox.js";
import { isJsonObject, type SaveOutcome, updateSettingsFile } from "./settings-json-file.js";

/**
 * Writes the mode as `sandbox.enabled` and `sandbox.autoAllowBashIfSandboxed` into the
 * settings file at `path`, keeping every other key; creates the file and its folder when
 * missing. A file keel cannot read as a JSON object is left as it is: it may hold rules.
 */
export function saveSandboxMode(path: string, mode: SandboxMode): Promise<SaveOutcome> {
  return updateSettingsFile(path, (settings) => {
    const current = settings.sandbox;
    if (current !== undefined && !isJsonObject(current)) {
      return { ok: false, why: "has a `sandbox` that is not an object" };
    }
    const sandbox = isJsonObject(current) ? current : {};
    const next = { ...sandbox, enabled: mode.enabled, autoAllowBashIfSandboxed: mode.autoAllow };
    return { ok: true, settings: { ...settings, sandbox: next } };
  });
}
