import type { IncomingMessage } from "node:http";
import { createRequire } from "node:module";
import { pipeline, type Readable, type Transform } from "node:stream";

// Content codings as Node's fetch (undici) asks for and decodes them: the same accept-encoding
// (br only over https), codings undone last-applied first, at most five, and sync-flush
// decoders so each event of a compressed stream comes out as soon as its bytes arrive (and a
// body cut short yields what it had rather than "unexpected end of file").

/** Codings after which undici gives up (a defence against decompression bombs). */
const MAX_CODINGS = 5;

/** The accept-encoding undici sends when the caller set none. */
export function acceptEncoding(url: URL): string {
  return url.protocol === "https:" ? "br, gzip, deflate" : "gzip, deflate";
}

let zlib: typeof import("node:zlib") | undefined;

/** node:zlib, loaded on the first compressed response: most streams are not, and it is big. */
function zlibModule(): typeof import("node:zlib") {
  zlib ??= createRequire(import.meta.url)("node:zlib") as typeof import("node:zlib");
  return zlib;
}

function decoderFor(coding: string): Transform | undefined {
  if (!["gzip", "x-gzip", "deflate", "br"].includes(coding)) return undefined;
  const { constants, createBrotliDecompress, createGunzip, createInflate } = zlibModule();
  const zlibFlush = { flush: constants.Z_SYNC_FLUSH, finishFlush: constants.Z_SYNC_FLUSH };
  if (coding === "gzip" || coding === "x-gzip") return createGunzip(zlibFlush);
  if (coding === "deflate") return createInflate(zlibFlush);
  if (coding === "br") {
    const flush = constants.BROTLI_OPERATION_FLUSH;
    return createBrotliDecompress({ flush, finishFlush: flush });
  }
  return undefined;
}

/**
 * The decoders for a content-encoding value, first to run first ("gzip, br" → br, then gzip);
 * none when a coding is unknown (the body passes through as sent), an Error for too many.
 */
export function decodersFor(contentEncoding: string | undefined): Transform[] | Error {
  const codings = contentEncoding ? contentEncoding.toLowerCase().split(",") : [];
  if (codings.length > MAX_CODINGS) {
    return new Error(`too many content-encodings in response: ${codings.length}`);
  }
  const decoders: Transform[] = [];
  for (const coding of codings.reverse()) {
    const decoder = decoderFor(coding.trim());
    if (!decoder) return [];
    decoders.push(decoder);
  }
  return decoders;
}

/** The response body with its content codings undone; a decoder's error ends the last stream. */
export function decodedBody(response: IncomingMessage, decoders: Transform[]): Readable {
  const last = decoders.at(-1);
  if (!last) return response;
  // pipeline tears the chain down when any part fails and reports on the last part.
  pipeline([response, ...decoders], () => {});
  return last;
}
