import type { StreamEvent } from "../../protocol/events.js";
import { ModelError } from "../errors.js";
import type { Endpoint } from "../transport-failure.js";
import { parseServerSentEvents } from "./sse.js";
import { decodeStreamEvent } from "./stream-events.js";
import { abortedError, type SdkErrors, toModelError } from "./to-model-error.js";
import { type ChunkReader, chunkReaderOf } from "./web-response.js";

async function* chunksOf(reader: ChunkReader): AsyncGenerator<Uint8Array, void, undefined> {
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    yield value;
  }
}

/** A 200 that is not an event stream (an HTML page from a proxy, a JSON body…). */
function notAStream(response: Response, hasBody: boolean): ModelError | undefined {
  const type = response.headers.get("content-type");
  if (type !== null && !type.toLowerCase().includes("text/event-stream")) {
    return new ModelError(
      { kind: "malformed_stream" },
      `malformed stream: expected text/event-stream, got ${type}`,
    );
  }
  if (!hasBody) {
    return new ModelError(
      { kind: "malformed_stream" },
      "malformed stream: the response has no body",
    );
  }
  return undefined;
}

/**
 * The Messages API events of a streaming response, decoded and checked. Every failure comes
 * out of this iterable as a ModelError naming `endpoint` (so the assembler can mark it
 * afterContent); the body is cancelled when iteration stops early.
 */
export async function* responseEvents(
  response: Response,
  signal: AbortSignal,
  endpoint: Endpoint,
  errors?: SdkErrors,
): AsyncGenerator<StreamEvent, void, undefined> {
  const reader = chunkReaderOf(response);
  const problem = notAStream(response, reader !== undefined);
  if (problem || !reader) {
    await reader?.cancel().catch(() => undefined);
    throw problem;
  }
  let drained = false;
  try {
    for await (const sse of parseServerSentEvents(chunksOf(reader))) {
      // Events already buffered are not delivered once the caller has aborted.
      if (signal.aborted) throw abortedError(signal.reason);
      const event = decodeStreamEvent(sse);
      if (event) yield event;
    }
    drained = true;
  } catch (error) {
    throw toModelError(error, signal, endpoint, errors);
  } finally {
    if (!drained) await reader.cancel().catch(() => undefined);
  }
}
