import { open } from "node:fs/promises";
import type { TextEncoding } from "./file-kind.js";

/** Which lines to collect and within what budget. */
export interface WindowRequest {
  /** 1-based number of the first line to collect. */
  startLine: number;
  maxLines: number;
  /** Longer lines are cut to this many characters plus a marker. */
  maxLineChars: number;
  /** Collection stops before the numbered output (`N\t` + line + newline) would pass this. */
  maxOutputChars: number;
  /** Also keep the uncut text of the collected lines (only for files known to be small). */
  keepFullText: boolean;
}

/** The lines of a file's window, and what is known about the rest of it. */
export interface LineWindow {
  /** The collected lines as shown (long lines cut, with a marker). */
  lines: string[];
  /** The uncut lines, joined with "\n", when keepFullText was asked for. */
  fullText?: string;
  /** How many collected lines were cut. */
  cutLines: number;
  /** The file has lines after the window. */
  more: boolean;
  /** Collection stopped early because of maxOutputChars. */
  stoppedByOutputCap: boolean;
  /** The file's line count, known only when the whole file was scanned. */
  totalLines?: number;
  /** Bytes taken from the file (a window near the start of a big file reads little). */
  bytesRead: number;
}

/** Default reading chunk size: memory stays bounded by this plus the window itself. */
const CHUNK_BYTES = 64 * 1024;

/** The marker that ends a cut line. */
export function cutMarker(fullLength: number): string {
  return ` … [line cut: ${fullLength} characters in total]`;
}

/**
 * Streams a text file and collects one window of lines, reading no further than needed.
 * Line endings are "\n" or "\r\n"; a final newline does not start another line.
 */
export async function readLineWindow(
  path: string,
  encoding: TextEncoding,
  bomBytes: number,
  request: WindowRequest,
  signal: AbortSignal,
  chunkBytes = CHUNK_BYTES,
): Promise<LineWindow> {
  const collector = new WindowCollector(request);
  const decoder = new TextDecoder(encoding, { ignoreBOM: true });
  const handle = await open(path, "r");
  let bytesRead = 0;
  try {
    const buffer = Buffer.alloc(chunkBytes);
    let position = bomBytes;
    while (!collector.done) {
      if (signal.aborted) throw new DOMException("The read was aborted.", "AbortError");
      const { bytesRead: n } = await handle.read(buffer, 0, chunkBytes, position);
      if (n === 0) break;
      position += n;
      bytesRead += n;
      collector.push(decoder.decode(buffer.subarray(0, n), { stream: true }));
    }
    if (!collector.done) collector.push(decoder.decode());
  } finally {
    await handle.close();
  }
  return collector.result(bytesRead);
}

/** Consumes decoded text and keeps the lines of one window. */
class WindowCollector {
  done = false;
  private readonly lines: string[] = [];
  private readonly fullLines: string[] = [];
  private lineNo = 1;
  private shown = "";
  private fullParts: string[] = [];
  private length = 0;
  private lastChar = "";
  private hasData = false;
  private outputChars = 0;
  private cutLines = 0;
  private more = false;
  private stoppedByOutputCap = false;

  constructor(private readonly request: WindowRequest) {}

  push(text: string): void {
    let start = 0;
    while (!this.done) {
      const nl = text.indexOf("\n", start);
      const end = nl === -1 ? text.length : nl;
      if (end > start) this.append(text.slice(start, end));
      if (nl === -1) return;
      this.endLine(true);
      start = nl + 1;
    }
  }

  result(bytesRead: number): LineWindow {
    if (!this.done && this.hasData) this.endLine(false);
    const scannedAll = !this.more && !this.stoppedByOutputCap;
    return {
      lines: this.lines,
      ...(this.request.keepFullText ? { fullText: this.fullLines.join("\n") } : {}),
      cutLines: this.cutLines,
      more: this.more,
      stoppedByOutputCap: this.stoppedByOutputCap,
      ...(scannedAll ? { totalLines: this.lineNo - 1 } : {}),
      bytesRead,
    };
  }

  private get inWindow(): boolean {
    return this.lineNo >= this.request.startLine;
  }

  private get windowFull(): boolean {
    return this.lines.length >= this.request.maxLines;
  }

  private append(piece: string): void {
    this.hasData = true;
    if (!this.inWindow) return;
    if (this.windowFull) {
      this.more = true;
      this.done = true;
      return;
    }
    const room = this.request.maxLineChars + 1 - this.shown.length;
    if (room > 0) this.shown += piece.slice(0, room);
    if (this.request.keepFullText) this.fullParts.push(piece);
    this.length += piece.length;
    this.lastChar = piece[piece.length - 1] ?? "";
  }

  /** Ends the current line; `atNewline` is false for a last line the file ends without "\n". */
  private endLine(atNewline: boolean): void {
    if (this.inWindow && this.windowFull) {
      this.more = true;
      this.done = true;
      return;
    }
    if (this.inWindow) this.keepLine(atNewline && this.lastChar === "\r");
    this.lineNo += 1;
    this.shown = "";
    this.fullParts = [];
    this.length = 0;
    this.lastChar = "";
    this.hasData = false;
  }

  /** Keeps the current line; `crlf` drops the "\r" of a "\r\n" ending. */
  private keepLine(crlf: boolean): void {
    const length = crlf ? this.length - 1 : this.length;
    let shown = this.shown.slice(0, Math.min(length, this.request.maxLineChars));
    if (length > this.request.maxLineChars) shown += cutMarker(length);
    const cost = String(this.lineNo).length + shown.length + 2;
    if (this.lines.length > 0 && this.outputChars + cost > this.request.maxOutputChars) {
      this.stoppedByOutputCap = true;
      this.done = true;
      return;
    }
    if (length > this.request.maxLineChars) this.cutLines += 1;
    this.outputChars += cost;
    this.lines.push(shown);
    if (this.request.keepFullText) this.fullLines.push(this.fullText(crlf));
  }

  private fullText(crlf: boolean): string {
    const text = this.fullParts.join("");
    return crlf ? text.slice(0, -1) : text;
  }
}
