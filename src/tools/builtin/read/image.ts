import { readFile } from "node:fs/promises";
import type { ImageMediaType } from "../../../protocol/content.js";
import type { ImageReadOutput } from "./output.js";

/** Megabytes with one decimal, for messages. */
export function megabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** Loads an image for an image block, refusing one too large for the API. */
export async function readImage(
  path: string,
  size: number,
  mediaType: ImageMediaType,
  maxBytes: number,
): Promise<ImageReadOutput> {
  if (size > maxBytes) {
    throw new Error(
      `The image ${path} is too large to send (${megabytes(size)}; at most ${megabytes(maxBytes)}). Make a smaller copy (e.g. with an image tool through Bash) and read that.`,
    );
  }
  const data = await readFile(path);
  return {
    type: "image",
    filePath: path,
    mediaType,
    base64: data.toString("base64"),
    bytes: data.length,
  };
}
