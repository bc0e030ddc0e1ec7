import { appendFile, mkdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { z } from "zod";
import { isMissingPathError } from "../../tools/builtin/file-paths.js";

/** The name of the append-only index in a file-history folder. */
export const INDEX_FILE = "index.jsonl";

/** A user turn began (so turns that changed no file still have their place in the order). */
const turnLineSchema = z.object({ kind: z.literal("turn"), turnUuid: z.string().min(1) });

/** A file's state was saved before its first change in a turn. */
const snapshotLineSchema = z.object({
  kind: z.literal("snapshot"),
  path: z.string().min(1),
  version: z.number().int().positive(),
  turnUuid: z.string().min(1),
  /** False when the file did not exist (restoring it means deleting it). */
  existed: z.boolean(),
  /**
   * Where the file's folder really was then (symlinks followed): a rewind writes nowhere else.
   * Absent in histories written before it was kept.
   */
  folder: z.string().min(1).optional(),
  /** ISO-8601 time the snapshot was taken. */
  time: z.string(),
});

/** One line of index.jsonl. */
export const indexLineSchema = z.discriminatedUnion("kind", [turnLineSchema, snapshotLineSchema]);

/** A parsed index line. */
export type IndexLine = z.infer<typeof indexLineSchema>;

/** A saved file state, as the index records it. */
export type SnapshotRecord = Extract<IndexLine, { kind: "snapshot" }>;

/** Appends one line to the index, creating the folder on first use. */
export async function appendIndexLine(dir: string, line: IndexLine): Promise<void> {
  await mkdir(dir, { recursive: true });
  await appendFile(join(dir, INDEX_FILE), `${JSON.stringify(line)}\n`);
}

/** Parses one index line; undefined for anything that is not valid JSON of a known shape. */
function parseLine(text: string): IndexLine | undefined {
  try {
    const parsed = indexLineSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The index's lines in order (none when there is no index). Corrupt lines (a torn last write,
 * an edit by hand) are skipped and reported with their 1-based line number.
 */
export async function readIndex(
  dir: string,
  onCorruptLine?: (lineNumber: number, text: string) => void,
): Promise<IndexLine[]> {
  let text: string;
  try {
    text = await readFile(join(dir, INDEX_FILE), "utf8");
  } catch (error) {
    if (isMissingPathError(error)) return [];
    throw error;
  }
  const lines: IndexLine[] = [];
  text.split("\n").forEach((raw, i) => {
    if (raw.trim() === "") return;
    const line = parseLine(raw);
    if (line) lines.push(line);
    else onCorruptLine?.(i + 1, raw);
  });
  return lines;
}
