import { mkdir, readFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { writeFileAtomic } from "../../../tasks/atomic-write.js";
import { isMissingPathError } from "../../../tools/builtin/file-paths.js";
import { errorText } from "../error-text.js";

/** The project's unshared settings file, where Claude Code saves what a person chose in the REPL. */
export function localSettingsPath(cwd: string): string {
  return join(cwd, ".claude", "settings.local.json");
}

/** Whether the change was written, and if not, why (the file is then as it was). */
export type SaveOutcome = { saved: true } | { saved: false; why: string };

/** A settings file's top-level object. */
export type JsonObject = Record<string, unknown>;

/** True for a JSON object (not an array, not null). */
export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A change to a settings object: the new object, or why it cannot be made to this one. */
export type SettingsChange = (
  settings: JsonObject,
) => { ok: true; settings: JsonObject } | { ok: false; why: string };

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
  if (!isJsonObject(json)) return { ok: false, why: "does not hold a JSON object" };
  return { ok: true, settings: json };
}

/**
 * Applies `change` to the settings file at `path`, keeping every key it does not touch;
 * creates the file and its folder when missing. A file keel cannot read as a JSON object, or
 * one the change refuses, is left as it is: it may hold rules someone wrote by hand.
 */
export async function updateSettingsFile(
  path: string,
  change: SettingsChange,
): Promise<SaveOutcome> {
  const current = await currentSettings(path);
  const changed = current.ok ? change(current.settings) : current;
  if (!changed.ok) return { saved: false, why: `${path} ${changed.why}; left as it is` };
  try {
    await mkdir(dirname(path), { recursive: true });
    // Written aside and renamed, so a crash never leaves half a settings file.
    await writeFileAtomic(path, `${JSON.stringify(changed.settings, null, 2)}\n`);
  } catch (error) {
    return { saved: false, why: `${path} could not be written (${errorText(error)})` };
  }
  return { saved: true };
}
