import { readFile } from "node:fs/promises";
import { errorCode, isMissingPathError } from "../../tools/builtin/file-paths.js";
import { SettingsError, settingsErrorFromZod } from "./errors.js";
import { type SettingsFile, settingsFileSchema } from "./schema.js";

/** Reads a file's text (injected so tests can make a file unreadable without chmod tricks). */
export type ReadText = (path: string) => Promise<string>;

/** The default ReadText: the file as UTF-8. */
export const readTextFile: ReadText = (path) => readFile(path, "utf8");

/**
 * One settings file, validated; undefined when it does not exist. A file that exists but
 * cannot be read, is not JSON, or does not match the schema is a SettingsError: keel never
 * runs without rules someone wrote down.
 */
export async function readSettingsFile(
  path: string,
  read: ReadText = readTextFile,
): Promise<SettingsFile | undefined> {
  let text: string;
  try {
    text = await read(path);
  } catch (error) {
    if (isMissingPathError(error)) return undefined;
    const why = errorCode(error) ?? String(error);
    throw new SettingsError(
      path,
      "",
      `cannot be read (${why}); keel will not run without the permission rules it may hold`,
    );
  }
  return parseSettingsText(path, text);
}

/** Settings from JSON text (a file's, or an inline `--settings` value); `label` names it in errors. */
export function parseSettingsText(label: string, text: string): SettingsFile {
  if (text.trim() === "") return {};
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    throw new SettingsError(label, "", `is not valid JSON (${detail})`);
  }
  const parsed = settingsFileSchema.safeParse(json);
  if (!parsed.success) throw settingsErrorFromZod(label, parsed.error);
  return parsed.data;
}
