import { type FileHandle, open } from "node:fs/promises";

/** Part of a log to read: bytes [start, end); `final` when the writer has ended. */
export interface ByteRange {
  start: number;
  end: number;
  /** Take every byte, even a character cut short (no more bytes will complete it). */
  final: boolean;
}

/** What a read of a log gave: the text the model sees and how many bytes it stands for. */
export interface LogSlice {
  /** The output, whole or its beginning and end around a marker. */
  text: string;
  /** Bytes consumed (the next read starts after them). */
  bytes: number;
  /** Bytes of the middle that were left out (0 when the output is whole). */
  omittedBytes: number;
}

/** The most bytes one character takes in UTF-8. */
const MAX_CHAR_BYTES = 4;

/**
 * Reads a range of a log as UTF-8 within `limitChars` characters, keeping the beginning and
 * the end when it is longer. Memory stays bounded by the limit, whatever the range's size: a
 * long range is read only at its two ends. Unless `final`, a character cut short at the end of
 * the range is left for the next read.
 */
export async function readLogSlice(
  path: string,
  range: ByteRange,
  limitChars: number,
): Promise<LogSlice> {
  if (range.end <= range.start) return { text: "", bytes: 0, omittedBytes: 0 };
  const handle = await open(path, "r");
  try {
    const size = range.end - range.start;
    // Short enough to read whole; longer ranges leave room for both ends not to overlap.
    if (size <= (limitChars + 2) * MAX_CHAR_BYTES) {
      return wholeRange(await readAt(handle, range.start, size), range.final, limitChars);
    }
    return await rangeEnds(handle, range, limitChars); // before the handle is closed
  } finally {
    await handle.close();
  }
}

/** The text standing for the left-out middle of an output. */
export function omissionMarker(omittedBytes: number): string {
  return `\n\n... [${omittedBytes} bytes truncated] ...\n\n`;
}

function wholeRange(buffer: Buffer, final: boolean, limitChars: number): LogSlice {
  const complete = final ? buffer : buffer.subarray(0, buffer.length - cutCharBytes(buffer));
  const text = complete.toString("utf8");
  if (text.length <= limitChars) return { text, bytes: complete.length, omittedBytes: 0 };
  const headChars = Math.floor(limitChars / 2);
  return joinEnds(
    text.slice(0, headChars),
    text.slice(text.length - (limitChars - headChars)),
    complete.length,
  );
}

async function rangeEnds(
  handle: FileHandle,
  range: ByteRange,
  limitChars: number,
): Promise<LogSlice> {
  const headChars = Math.floor(limitChars / 2);
  const tailChars = limitChars - headChars;
  // One spare character's bytes at each end: a character cut there is dropped, not shown.
  const head = await readAt(handle, range.start, (headChars + 1) * MAX_CHAR_BYTES);
  const tailLength = (tailChars + 1) * MAX_CHAR_BYTES;
  let tail = await readAt(handle, range.end - tailLength, tailLength);
  const cut = range.final ? 0 : cutCharBytes(tail);
  tail = tail.subarray(0, tail.length - cut);
  const tailText = tail.toString("utf8");
  return joinEnds(
    head.toString("utf8").slice(0, headChars),
    tailText.slice(Math.max(0, tailText.length - tailChars)),
    range.end - range.start - cut,
  );
}

function joinEnds(head: string, tail: string, bytes: number): LogSlice {
  const omittedBytes = bytes - Buffer.byteLength(head) - Buffer.byteLength(tail);
  return { text: `${head}${omissionMarker(omittedBytes)}${tail}`, bytes, omittedBytes };
}

async function readAt(handle: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await handle.read(buffer, 0, length, position);
  return buffer.subarray(0, bytesRead);
}

/** Bytes at the end of `buffer` that begin a UTF-8 character not yet complete (0 to 3). */
export function cutCharBytes(buffer: Uint8Array): number {
  for (let back = 1; back <= Math.min(3, buffer.length); back++) {
    const byte = buffer[buffer.length - back] ?? 0;
    if ((byte & 0xc0) === 0x80) continue; // a continuation byte: keep looking for the lead
    const length = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
    return length > back ? back : 0;
  }
  return 0;
}
