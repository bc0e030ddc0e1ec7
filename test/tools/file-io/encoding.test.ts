import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  decodeText,
  encodeText,
  type TextEncodingKind,
} from "../../../src/tools/builtin/file-io/encoding.js";

describe("text encodings", () => {
  it("decodes plain UTF-8 without a byte-order mark", () => {
    const decoded = decodeText(Buffer.from("héllo\n", "utf8"));
    expect(decoded).toEqual({ text: "héllo\n", encoding: "utf8", lossless: true });
  });

  it("recognises a UTF-8 byte-order mark and leaves it out of the text", () => {
    const decoded = decodeText(Buffer.from([0xef, 0xbb, 0xbf, 0x61, 0x62]));
    expect(decoded).toEqual({ text: "ab", encoding: "utf8-bom", lossless: true });
  });

  it("recognises UTF-16LE and UTF-16BE by their byte-order marks", () => {
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from("größe", "utf16le")]);
    const be = Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from("größe", "utf16le").swap16()]);
    expect(decodeText(le)).toEqual({ text: "größe", encoding: "utf16le", lossless: true });
    expect(decodeText(be)).toEqual({ text: "größe", encoding: "utf16be", lossless: true });
  });

  it("marks bytes that are not valid UTF-8 as lossy", () => {
    const decoded = decodeText(Buffer.from([0x61, 0xff, 0x62]));
    expect(decoded.encoding).toBe("utf8");
    expect(decoded.lossless).toBe(false);
  });

  it("writes back exactly the bytes it read, for every encoding", () => {
    const kinds: TextEncodingKind[] = ["utf8", "utf8-bom", "utf16le", "utf16be"];
    fc.assert(
      fc.property(fc.string({ unit: "grapheme" }), fc.constantFrom(...kinds), (text, kind) => {
        fc.pre(!text.startsWith("\uFEFF"));
        const bytes = encodeText(text, kind);
        const decoded = decodeText(bytes);
        expect(decoded.text).toBe(text);
        expect(decoded.lossless).toBe(true);
        expect(encodeText(decoded.text, decoded.encoding).equals(bytes)).toBe(true);
      }),
    );
  });

  it("never writes a second byte-order mark when the text starts with one", () => {
    const bytes = encodeText("\uFEFFabc", "utf8-bom");
    expect([...bytes]).toEqual([0xef, 0xbb, 0xbf, 0x61, 0x62, 0x63]);
  });
});
