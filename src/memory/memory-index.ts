import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { MEMORY_INDEX } from "./auto-memory-paths.js";

/** Claude Code's limits on the index loaded into every session. */
export const MAX_INDEX_LINES = 200;
export const MAX_INDEX_BYTES = 25_000;

/** The index as it goes into context: cut to its limits, with a note when it was cut. */
export interface LoadedIndex {
  text: string;
  truncated: boolean;
}

/**
 * Cuts an index to its first 200 lines and 25,000 bytes, at a line boundary, and appends a
 * warning telling the model the index is too long (so it compacts it, as Claude Code asks).
 */
export function truncateIndex(
  text: string,
  limits = { lines: MAX_INDEX_LINES, bytes: MAX_INDEX_BYTES },
): LoadedIndex {
  const lines = text.split("\n");
  const kept: string[] = [];
  let bytes = 0;
  for (const line of lines.slice(0, limits.lines)) {
    // `bytes` counts the kept lines with their newlines: the joined text is bytes + this line.
    const size = Buffer.byteLength(line, "utf8");
    if (bytes + size > limits.bytes) break;
    kept.push(line);
    bytes += size + 1;
  }
  if (kept.length === lines.length) return { text, truncated: false };
  const warning =
    `> WARNING: ${MEMORY_INDEX} is longer than ${limits.lines} lines or ${limits.bytes} bytes; ` +
    "only the part above was loaded. Keep index lines short and move detail into topic files.";
  return { text: `${kept.join("\n")}\n\n${warning}`, truncated: true };
}

/** Reads the index of a memory folder ("" when it has none yet). */
export async function loadMemoryIndex(memoryDir: string): Promise<LoadedIndex> {
  const text = await readFile(join(memoryDir, MEMORY_INDEX), "utf8").catch(
    (error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT") return "";
      throw error;
    },
  );
  return truncateIndex(text);
}
