import { readFile } from "node:fs/promises";
import { parseTranscriptLine, type TranscriptEntry } from "./entry.js";

/** How the reader tells about lines it skipped. */
export interface ReadTranscriptOptions {
  /** Called once per skipped line with "<file>:<line>: <reason>". */
  onWarning: (warning: string) => void;
}

/** The entries of a transcript; parses each line given, warning about and skipping bad ones. */
export function parseTranscript(
  text: string,
  file: string,
  options: ReadTranscriptOptions,
): TranscriptEntry[] {
  const entries: TranscriptEntry[] = [];
  text.split("\n").forEach((raw, index) => {
    if (raw.trim() === "") return;
    const parsed = parseTranscriptLine(raw, index + 1);
    if (parsed.ok) entries.push(parsed.entry);
    else options.onWarning(`${file}:${index + 1}: ${parsed.reason}`);
  });
  return entries;
}

/**
 * The entries of the transcript file at `path`. A corrupt line (bad JSON, a last line cut off
 * by a kill, a wrong shape) is skipped with a warning; a missing file rejects (ENOENT).
 */
export async function readTranscript(
  path: string,
  options: ReadTranscriptOptions,
): Promise<TranscriptEntry[]> {
  return parseTranscript(await readFile(path, "utf8"), path, options);
}
