import { mkdir, readFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { writeFileAtomic } from "../../../tasks/atomic-write.js";
import { isMissingPathError } from "../../../tools/builtin/file-paths.js";
import type { SandboxMode } from "../../../tools/sandbox/bash-sandbox.js";
import { errorText } from "../error-text.js";

/** The project's unshared settings file, where Claude Code's /sandbox saves the mode. */
export function localSettingsPath(cwd: string): string {
  return join(cwd, ".claude", "settings.local.json");
}

/** Whether the mode was written, and if not, why (the file is then as it was). */
export type SaveOutcome = { saved: true } | { saved: false; why: string };

type JsonObject = Record<string, unknown>;

function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The file's settings; a file missing or empty counts as `{}`, as settings loading reads it. */
async function currentSettings(
  path: string,
): Promise<{ ok: true; settings: JsonObject } | { ok: false; why: string }> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    if (isMissingPathError(error)) return { ok: true, settings: {} };
    return { ok: false, why: `cannot be read (${errorText(error)})` };
  }
  if (text.trim() === "") return { ok: true, settings: {} };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { ok: false, why: `is not valid JSON (${errorText(error)})` };
  }
  if (!isObject(json)) return { ok: false, why: "does not hold a JSON object" };
  if (json.sandbox !== undefined && !isObject(json.sandbox)) {
    return { ok: false, why: "has a `sandbox` that is not an object" };
  }
  return { ok: true, settings: json };
}

/**
 * Writes the mode as `sandbox.enabled` and `sandbox.autoAllowBashIfSandboxed` into the
 * settings file at `path`, keeping every other key; creates the file and its folder when
 * missing. A file keel cannot read as a JSON object is left as it is: it may hold rules.
 */
export async function saveSandboxMode(path: string, mode: SandboxMode): Promise<SaveOutcome> {
  const current = await currentSettings(path);
  if (!current.ok) return { saved: false, why: `${path} ${current.why}; left as it is` };
  const { settings } = current;
  const sandbox = isObject(settings.sandbox) ? settings.sandbox : {};
  const next = {
    ...settings,
    sandbox: { ...sandbox, enabled: mode.enabled, autoAllowBashIfSandboxed: mode.autoAllow },
  };
  try {
    await mkdir(dirname(path), { recursive: true });
    // Written aside and renamed, so a crash never leaves half a settings file.
    await writeFileAtomic(path, `${JSON.stringify(next, null, 2)}\n`);
  } catch (error) {
    return { saved: false, why: `${path} could not be written (${errorText(error)})` };
  }
  return { saved: true };
}
