import { extname } from "node:path";
import type { ImageMediaType } from "../../../protocol/content.js";

/** The text encodings Read understands (UTF-16 only with a byte-order mark). */
export type TextEncoding = "utf-8" | "utf-16le" | "utf-16be";

/** What a file's first bytes and its name say it is. */
export type FileKind =
  | { kind: "text"; encoding: TextEncoding; bomBytes: number }
  | { kind: "image"; mediaType: ImageMediaType }
  /** Named like an image but not one of the formats the API accepts. */
  | { kind: "bad-image"; extension: string }
  | { kind: "binary"; reason: string };

const IMAGE_EXTENSIONS = new Set([".png", ".jpg", ".jpeg", ".gif", ".webp"]);

/** Extensions of files that are never text; Read refuses them without opening them. */
const BINARY_EXTENSIONS = new Set(
  (
    ".exe .dll .so .dylib .o .a .lib .obj .bin .dat .class .jar .war .pyc .pyo .wasm .node " +
    ".zip .gz .tgz .bz2 .xz .zst .7z .rar .tar .iso .dmg .deb .rpm .apk " +
    ".pdf .doc .docx .xls .xlsx .ppt .pptx .odt .ods .odp " +
    ".mp3 .mp4 .m4a .wav .flac .ogg .avi .mov .mkv .webm .wmv " +
    ".bmp .ico .tif .tiff .psd .heic .avif .ttf .otf .woff .woff2 .eot " +
    ".sqlite .sqlite3 .db .pdb .parquet .npy .pt .onnx .safetensors"
  ).split(" "),
);

/** The binary extension of a path, if it has one Read refuses outright. */
export function binaryExtension(path: string): string | undefined {
  const ext = extname(path).toLowerCase();
  return BINARY_EXTENSIONS.has(ext) ? ext : undefined;
}

/** The image format the first bytes announce, if any. */
export function imageMediaType(head: Uint8Array): ImageMediaType | undefined {
  const starts = (...bytes: number[]) => bytes.every((b, i) => head[i] === b);
  const ascii = (from: number, text: string) =>
    [...text].every((c, i) => head[from + i] === c.charCodeAt(0));
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "image/png";
  if (starts(0xff, 0xd8, 0xff)) return "image/jpeg";
  if (ascii(0, "GIF87a") || ascii(0, "GIF89a")) return "image/gif";
  if (ascii(0, "RIFF") && ascii(8, "WEBP")) return "image/webp";
  return undefined;
}

/** Decides how to show a file from its name and its first bytes. */
export function classifyFile(path: string, head: Uint8Array): FileKind {
  const mediaType = imageMediaType(head);
  if (mediaType) return { kind: "image", mediaType };
  const ext = extname(path).toLowerCase();
  if (IMAGE_EXTENSIONS.has(ext)) return { kind: "bad-image", extension: ext };
  const binary = binaryExtension(path);
  if (binary) return { kind: "binary", reason: `it has the binary extension ${binary}` };
  if (head[0] === 0xff && head[1] === 0xfe)
    return { kind: "text", encoding: "utf-16le", bomBytes: 2 };
  if (head[0] === 0xfe && head[1] === 0xff)
    return { kind: "text", encoding: "utf-16be", bomBytes: 2 };
  const utf8Bom = head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf;
  if (head.includes(0)) return { kind: "binary", reason: "it contains NUL bytes" };
  return { kind: "text", encoding: "utf-8", bomBytes: utf8Bom ? 3 : 0 };
}
