/** How a text file's bytes encode its characters (the byte-order mark, if any, is part of it). */
export type TextEncodingKind = "utf8" | "utf8-bom" | "utf16le" | "utf16be";

/** A file's bytes decoded to text, with what is needed to write it back the same way. */
export interface DecodedText {
  /** The text without its byte-order mark. */
  text: string;
  encoding: TextEncodingKind;
  /** False when the bytes were not valid in the encoding (re-encoding would change them). */
  lossless: boolean;
}

const UTF8_BOM = Uint8Array.of(0xef, 0xbb, 0xbf);
const UTF16LE_BOM = Uint8Array.of(0xff, 0xfe);
const UTF16BE_BOM = Uint8Array.of(0xfe, 0xff);

function startsWith(bytes: Uint8Array, prefix: Uint8Array): boolean {
  return prefix.every((byte, i) => bytes[i] === byte);
}

/** Decodes strictly, falling back to a lossy decode that marks the result. */
function decode(bytes: Uint8Array, label: string, encoding: TextEncodingKind): DecodedText {
  try {
    const text = new TextDecoder(label, { fatal: true, ignoreBOM: true }).decode(bytes);
    return { text, encoding, lossless: true };
  } catch {
    const text = new TextDecoder(label, { ignoreBOM: true }).decode(bytes);
    return { text, encoding, lossless: false };
  }
}

/** Decodes a file's bytes: UTF-8 unless a byte-order mark says UTF-8-with-BOM or UTF-16. */
export function decodeText(bytes: Uint8Array): DecodedText {
  if (startsWith(bytes, UTF8_BOM)) return decode(bytes.subarray(3), "utf-8", "utf8-bom");
  if (startsWith(bytes, UTF16LE_BOM)) return decode(bytes.subarray(2), "utf-16le", "utf16le");
  if (startsWith(bytes, UTF16BE_BOM)) return decode(bytes.subarray(2), "utf-16be", "utf16be");
  return decode(bytes, "utf-8", "utf8");
}

/** Encodes text the way a file was encoded, byte-order mark included. */
export function encodeText(text: string, encoding: TextEncodingKind): Buffer {
  const body = encoding === "utf8" ? text : text.replace(/^\uFEFF/, "");
  switch (encoding) {
    case "utf8":
      return Buffer.from(body, "utf8");
    case "utf8-bom":
      return Buffer.concat([UTF8_BOM, Buffer.from(body, "utf8")]);
    case "utf16le":
      return Buffer.concat([UTF16LE_BOM, Buffer.from(body, "utf16le")]);
    case "utf16be":
      return Buffer.concat([UTF16BE_BOM, Buffer.from(body, "utf16le").swap16()]);
  }
}
