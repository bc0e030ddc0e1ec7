import { readFile } from "node:fs/promises";
import type { z } from "zod";

/** Reads a text file; undefined when it does not exist (injected so tests can use fakes). */
export type ReadText = (path: string) => Promise<string | undefined>;

/** The default reader: a missing file is undefined, any other failure throws. */
export const readTextIfPresent: ReadText = async (path) => {
  try {
    return await readFile(path, "utf8");
  } catch (error) {
    // ENOTDIR: a folder on the way is a file, so the file cannot be there either.
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") return undefined;
    throw error;
  }
};

/** A JSON file checked against a schema: its data, absent, or a message naming the file. */
export type JsonFileResult<T> = { ok: true; data: T | undefined } | { ok: false; message: string };

/** Reads and validates a JSON file; never throws. */
export async function readJsonFile<T>(
  path: string,
  schema: z.ZodType<T>,
  readText: ReadText,
): Promise<JsonFileResult<T>> {
  let text: string | undefined;
  try {
    text = await readText(path);
  } catch (error) {
    return { ok: false, message: `${path}: cannot read: ${(error as Error).message}` };
  }
  if (text === undefined) return { ok: true, data: undefined };
  return parseJsonText(text, path, schema);
}

/** Parses and validates JSON text; the message names where it came from. */
export function parseJsonText<T>(
  text: string,
  origin: string,
  schema: z.ZodType<T>,
): JsonFileResult<T> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { ok: false, message: `${origin}: not valid JSON (${(error as Error).message})` };
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) return { ok: false, message: `${origin}: ${parsed.error.message}` };
  return { ok: true, data: parsed.data };
}
