import { Blob } from "node:buffer";
import { Readable } from "node:stream";
import { arrayBuffer } from "node:stream/consumers";
import { BodyChunks, type ChunkRead } from "./response-body.js";
import { Headers } from "./web-headers.js";

// Why not Node's Response: Node defines Response (and Headers, FormData, fetch) as lazy globals
// whose first use loads its internal undici bundle, about 60 ms of CPU in a one-turn `keel -p`
// that sends over node:http anyway (node-fetch.ts). This class has the members of a fetch
// Response that the SDK and keel read, and fails as fetch's does when a body is read twice.

/** What a response is made of: the head node:http received and the body stream built for it. */
export interface WebResponseInit {
  status: number;
  statusText: string;
  headers: Headers;
  /** The URL the response came from (after redirects). */
  url: string;
  /** Whether redirects were followed to get here. */
  redirected: boolean;
}

/**
 * Whether a web stream has been read from or cancelled. Node documents isDisturbed for web
 * streams too (undici's Response uses it); @types/node declares only its own stream types.
 */
function isDisturbed(stream: ReadableStream): boolean {
  return Readable.isDisturbed(stream as unknown as Readable);
}

/** The TypeError fetch rejects a second read of a body with. */
function unusable(): TypeError {
  return new TypeError("Body is unusable: Body has already been read");
}

/** A body as the response is made with: node:http's chunks, a web stream, or none. */
export type WebResponseBody = BodyChunks | ReadableStream<Uint8Array> | null;

/** What reads a body chunk by chunk: a web stream's reader, or the chunks themselves. */
export interface ChunkReader {
  read(): Promise<ChunkRead>;
  cancel(): Promise<void>;
}

/** The body as a web ReadableStream (for the SDK's readers, clone() and `Response.body`). */
function webStreamOf(chunks: BodyChunks): WebBodyStream {
  let source: BodyChunks | null = chunks;
  const stream = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const read = source ? await source.read() : { done: true as const, value: undefined };
        if (read.done) controller.close();
        else controller.enqueue(read.value);
      },
      cancel: () => source?.cancel(),
    },
    { highWaterMark: 0 },
  );
  return {
    stream,
    detach() {
      source = null;
      void stream.cancel().catch(() => undefined);
    },
  };
}

/** A web stream over a body's chunks, and how to let go of them (when another reader takes them). */
interface WebBodyStream {
  stream: ReadableStream<Uint8Array>;
  /** Closes the stream without touching the chunks: nothing reaches them through it any more. */
  detach(): void;
}

/**
 * A fetch `Response` without undici: status, headers (keel's web-headers.ts), the web
 * stream body, and the body readers (text, json, arrayBuffer, bytes, blob; formData rejects).
 * Each body can be read once (bodyUsed, then a TypeError, as fetch); clone() tees it. The web
 * stream is made only when something asks for it: keel's stream reader takes the chunks
 * directly (takeChunks).
 */
export class WebResponse {
  readonly status: number;
  readonly statusText: string;
  readonly headers: Headers;
  readonly url: string;
  readonly redirected: boolean;
  /** Always "basic": a same-origin network response, what Node's fetch reports. */
  readonly type = "basic" as const;
  /** The body's chunks, until a reader of its own takes them (takeChunks). */
  #chunks: BodyChunks | null;
  /** The web stream: the one the response was made with, or one made over the chunks on demand. */
  #stream: ReadableStream<Uint8Array> | null;
  #taken = false;
  /** The stream made over the chunks, while it still reaches them. */
  #web: WebBodyStream | null = null;

  constructor(body: WebResponseBody, init: WebResponseInit) {
    this.#chunks = body instanceof BodyChunks ? body : null;
    this.#stream = body instanceof BodyChunks ? null : body;
    this.status = init.status;
    this.statusText = init.statusText;
    this.headers = init.headers;
    this.url = init.url;
    this.redirected = init.redirected;
  }

  /** Whether the status is 2xx. */
  get ok(): boolean {
    return this.status >= 200 && this.status <= 299;
  }

  /** The body stream (null for a bodiless response); made over the chunks when first asked for. */
  get body(): ReadableStream<Uint8Array> | null {
    if (this.#stream === null && this.#chunks !== null) {
      this.#web = webStreamOf(this.#chunks);
      this.#stream = this.#web.stream;
      if (this.#taken) this.#web.detach();
    }
    return this.#stream;
  }

  /** Whether the body has been read from or cancelled, by a reader method or through `body`. */
  get bodyUsed(): boolean {
    if (this.#taken) return true;
    return this.#stream !== null && isDisturbed(this.#stream);
  }

  /**
   * The body's chunks for a reader of its own, while nothing has read the body (asking for
   * `body` is not reading it: the SDK asks, to watch the stream's lifetime). The body then
   * counts as used: its web stream is closed, without touching the chunks (an open stream
   * nobody reads kept each turn's response alive: +17 MB peak over a 500-turn session).
   */
  takeChunks(): ChunkReader | undefined {
    const chunks = this.#chunks;
    if (chunks === null || this.#taken) return undefined;
    const watched = this.#stream;
    if (watched !== null && (watched.locked || isDisturbed(watched))) return undefined;
    this.#web?.detach();
    this.#taken = true;
    // The SDK unlinks its abort signal from keel's once the stream it watches is collected:
    // the reader holds that stream while keel reads.
    const reader: ChunkReader & { watched: unknown } = {
      read: () => chunks.read(),
      cancel: () => chunks.cancel(),
      watched,
    };
    return reader;
  }

  /** The whole body; rejects when it was read (or is being read) before. */
  #consume(): Promise<Uint8Array<ArrayBuffer>> {
    const body = this.body;
    if (body === null) return Promise.resolve(new Uint8Array(0));
    if (body.locked || isDisturbed(body)) return Promise.reject(unusable());
    // Reading locks the stream now, so a second call made before this one settles fails.
    return arrayBuffer(body).then((buffer) => new Uint8Array(buffer));
  }

  /** The body as bytes. */
  bytes(): Promise<Uint8Array<ArrayBuffer>> {
    return this.#consume();
  }

  /** The body as an ArrayBuffer. */
  async arrayBuffer(): Promise<ArrayBuffer> {
    // The bytes were copied into a buffer of their exact length: it is theirs alone.
    return (await this.#consume()).buffer;
  }

  /** The body decoded as UTF-8 (a leading BOM dropped, as fetch does). */
  async text(): Promise<string> {
    return new TextDecoder().decode(await this.#consume());
  }

  /** The body parsed as JSON (a SyntaxError when it is not). */
  async json(): Promise<unknown> {
    return JSON.parse(await this.text());
  }

  /** The body as a Blob typed with the response's content-type. */
  async blob(): Promise<Blob> {
    const bytes = await this.#consume();
    return new Blob([bytes], { type: this.headers.get("content-type") ?? "" });
  }

  /** Always rejects: keel reads no form bodies, and FormData would load undici. */
  formData(): Promise<never> {
    return Promise.reject(new TypeError("keel's fetch responses do not parse form data"));
  }

  /** A copy whose body is the second branch of a tee of this one's (both stay readable). */
  clone(): WebResponse {
    const body = this.body;
    if (body !== null && (body.locked || isDisturbed(body))) {
      throw new TypeError("Response.clone: Body has already been consumed.");
    }
    const [mine, theirs] = body === null ? [null, null] : body.tee();
    this.#stream = mine;
    this.#chunks = null; // the tee reads them now
    return new WebResponse(theirs, {
      status: this.status,
      statusText: this.statusText,
      headers: new Headers(this.headers),
      url: this.url,
      redirected: this.redirected,
    });
  }
}

/**
 * The response as the DOM `Response` type that `typeof fetch` promises. The one cast on this
 * path: the class has every member the SDK and keel use, but its headers are keel's web-headers.ts
 * (a different declared type from undici's Headers, same behaviour) and its blob() is
 * node:buffer's Blob, so TypeScript cannot see them as the same type.
 */
export function asFetchResponse(response: WebResponse): Response {
  return response as unknown as Response;
}

/**
 * The chunk reader of a streaming response: keel's own responses hand over their chunks
 * (no web stream in between); any other Response is read through its body's reader.
 * Undefined for a response without a body.
 */
export function chunkReaderOf(response: Response): ChunkReader | undefined {
  const own: unknown = response;
  if (own instanceof WebResponse) {
    const chunks = own.takeChunks();
    if (chunks) return chunks;
  }
  return response.body?.getReader();
}
