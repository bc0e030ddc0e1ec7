import { readFile } from "node:fs/promises";
import { errorCode, isMissingPathError } from "../../tools/builtin/file-paths.js";

/** Reads a file's text (injected so tests can make a file unreadable without chmod tricks). */
export type ReadText = (path: string) => Promise<string>;

/** The default ReadText: the file as UTF-8. */
export const readTextFile: ReadText = (path) => readFile(path, "utf8");

/** A settings file as read: absent, unusable as a whole (and why), or a JSON object. */
export type SettingsRead =
  | { kind: "missing" }
  | { kind: "unusable"; why: string }
  | { kind: "object"; value: Record<string, unknown> };

/** Settings JSON text (a file's, or an inline `--settings` value) as an object, or why not. */
export function parseSettingsJson(text: string): Exclude<SettingsRead, { kind: "missing" }> {
  if (text.trim() === "") return { kind: "object", value: {} };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return { kind: "unusable", why: `is not valid JSON (${detail})` };
  }
  if (typeof json !== "object" || json === null || Array.isArray(json)) {
    return { kind: "unusable", why: "is not a settings object (a JSON object of settings)" };
  }
  return { kind: "object", value: json as Record<string, unknown> };
}

/** One settings file: missing, unusable (cannot be read, not JSON, not an object), or its object. */
export async function readSettingsFile(
  path: string,
  read: ReadText = readTextFile,
): Promise<SettingsRead> {
  let text: string;
  try {
    text = await read(path);
  } catch (error) {
    if (isMissingPathError(error)) return { kind: "missing" };
    return { kind: "unusable", why: `cannot be read (${errorCode(error) ?? String(error)})` };
  }
  return parseSettingsJson(text);
}
