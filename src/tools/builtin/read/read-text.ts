import type { FileStateCache } from "../../file-state-cache.js";
import type { TextEncoding } from "./file-kind.js";
import { type ReadRange, recordPartialRead, recordWholeRead } from "./file-state.js";
import type { ReadLimits } from "./limits.js";
import { type LineWindow, readLineWindow } from "./line-window.js";
import type { ReadOutput } from "./output.js";

/** A text file to read, as the Read tool found it. */
export interface TextFile {
  path: string;
  encoding: TextEncoding;
  bomBytes: number;
  size: number;
  mtimeMs: number;
}

/** Kilobytes for messages. */
function kilobytes(bytes: number): string {
  return `${Math.ceil(bytes / 1024)} KB`;
}

/** The error for a file too big to read without a range. */
export function tooLargeMessage(path: string, size: number, max: number): string {
  return `${path} is ${kilobytes(size)}, more than the ${kilobytes(max)} that can be read at once. Use offset and limit to read a part of it, or search it with Grep instead of reading it whole.`;
}

/**
 * Reads one window of a text file, records what the model saw in readFileState and says how
 * to read on. `explicitRange` is whether the input gave an offset or a limit.
 */
export async function readTextFile(
  file: TextFile,
  range: ReadRange,
  explicitRange: boolean,
  limits: ReadLimits,
  cache: FileStateCache,
  signal: AbortSignal,
): Promise<ReadOutput> {
  if (!explicitRange && file.size > limits.maxWholeFileBytes) {
    throw new Error(tooLargeMessage(file.path, file.size, limits.maxWholeFileBytes));
  }
  const window = await readLineWindow(
    file.path,
    file.encoding,
    file.bomBytes,
    {
      startLine: range.offset,
      maxLines: range.limit,
      maxLineChars: limits.maxLineChars,
      maxOutputChars: limits.maxOutputChars,
      keepFullText: file.size <= limits.maxWholeFileBytes,
    },
    signal,
  );
  const totalLines = window.totalLines ?? 0;
  if (window.lines.length === 0 && totalLines === 0) {
    recordWholeRead(cache, file.path, "", file.mtimeMs);
    return { type: "empty", filePath: file.path };
  }
  if (window.lines.length === 0) {
    return { type: "past_end", filePath: file.path, offset: range.offset, totalLines };
  }
  record(file, range, window, cache);
  const continuation = continuationNote(window, range, limits);
  return {
    type: "text",
    filePath: file.path,
    content: window.lines.join("\n"),
    startLine: range.offset,
    numLines: window.lines.length,
    ...(window.totalLines === undefined ? {} : { totalLines: window.totalLines }),
    ...(continuation ? { continuation } : {}),
  };
}

function record(file: TextFile, range: ReadRange, window: LineWindow, cache: FileStateCache): void {
  const whole = range.offset === 1 && window.totalLines !== undefined;
  if (whole && window.fullText !== undefined) {
    recordWholeRead(cache, file.path, window.fullText, file.mtimeMs);
    return;
  }
  const content = window.fullText ?? window.lines.join("\n");
  recordPartialRead(cache, file.path, content, file.mtimeMs, range);
}

/** What to tell the model when it did not see everything. */
export function continuationNote(
  window: LineWindow,
  range: ReadRange,
  limits: ReadLimits,
): string | undefined {
  const last = range.offset + window.lines.length - 1;
  const notes: string[] = [];
  if (window.stoppedByOutputCap) {
    notes.push(
      `(Output stopped after line ${last} to stay within about ${Math.round(limits.maxOutputChars / 4)} tokens. To read on, call Read with offset ${last + 1} and a smaller limit.)`,
    );
  } else if (window.more) {
    notes.push(
      `(The file has more lines; lines ${range.offset}-${last} are shown. To read on, call Read with offset ${last + 1}.)`,
    );
  }
  if (window.cutLines > 0) {
    const lines = window.cutLines === 1 ? "1 line was" : `${window.cutLines} lines were`;
    notes.push(
      `(${lines} longer than ${limits.maxLineChars} characters and cut; use Grep or Bash to see the rest of such a line.)`,
    );
  }
  return notes.length > 0 ? notes.join("\n") : undefined;
}
