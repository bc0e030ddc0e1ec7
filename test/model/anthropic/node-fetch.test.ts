import { getEventListeners } from "node:events";
import { Readable } from "node:stream";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { describe, expect, it, vi } from "vitest";
import { createNodeFetch } from "../../../src/model/anthropic/node-fetch.js";
import { createAnthropicProvider } from "../../../src/model/anthropic/provider.js";
import { chunkReaderOf } from "../../../src/model/anthropic/web-response.js";
import { closeOpenServers, fixture, readAll, serve } from "./fetch-servers.js";
import { drain, modelRequest, fixture as recorded } from "./helpers.js";

describe("the node:http fetch the Anthropic client sends with", () => {
  it("sends method, headers and body, and returns status, headers and the streamed body", async () => {
    const server = await fixture();
    server.enqueue({
      status: 200,
      headers: { "content-type": "text/event-stream", "request-id": "req_1" },
      chunks: [{ data: "event: a\n" }, { data: "data: {}\n\n", delayMs: 5 }],
    });
    const response = await createNodeFetch()(`${server.url}/v1/messages`, {
      method: "post",
      headers: new Headers({ "x-api-key": "k", "content-type": "application/json" }),
      body: '{"é":1}',
    });
    expect(response.status).toBe(200);
    expect(response.ok).toBe(true);
    expect(response.headers.get("request-id")).toBe("req_1");
    expect(response.redirected).toBe(false);
    expect(await readAll(response)).toBe("event: a\ndata: {}\n\n");
    const [request] = server.requests;
    expect(request?.method).toBe("POST");
    expect(request?.url).toBe("/v1/messages");
    expect(request?.headers["x-api-key"]).toBe("k");
    expect(request?.headers["content-length"]).toBe(String(Buffer.byteLength('{"é":1}')));
    expect(request?.json).toEqual({ é: 1 });
  });

  it("hands its chunks to keel's stream reader without a web stream; the body then counts as read", async () => {
    const server = await fixture();
    server.enqueue({ chunks: [{ data: "data: 1\n\n" }, { data: "data: 2\n\n", delayMs: 5 }] });
    const response = await createNodeFetch()(server.url, { method: "POST", body: "{}" });
    const reader = chunkReaderOf(response)!;
    expect(response.bodyUsed).toBe(true);
    // Its web stream is closed empty: the chunks are the reader's alone.
    expect((await response.body!.getReader().read()).done).toBe(true);
    await expect(response.text()).rejects.toThrow("Body is unusable");
    const decoder = new TextDecoder();
    let text = "";
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      text += decoder.decode(read.value, { stream: true });
    }
    expect(text).toBe("data: 1\n\ndata: 2\n\n");
  });

  it("still hands its chunks over when the stream was only asked for, not read", async () => {
    const server = await fixture();
    server.enqueue({ chunks: [{ data: "data: 1\n\n" }] });
    const response = await createNodeFetch()(server.url, { method: "POST", body: "{}" });
    const stream = response.body!; // as the SDK does, to watch the body's lifetime
    const reader = chunkReaderOf(response)!;
    expect(response.bodyUsed).toBe(true);
    expect((await stream.getReader().read()).done).toBe(true); // closed, the chunks untouched
    expect(new TextDecoder().decode((await reader.read()).value)).toBe("data: 1\n\n");
    expect((await reader.read()).done).toBe(true);
  });

  it("reads on through the web stream once something read from it", async () => {
    const server = await fixture();
    server.enqueue({ chunks: [{ data: "data: 1\n\n" }, { data: "data: 2\n\n", delayMs: 5 }] });
    const response = await createNodeFetch()(server.url, { method: "POST", body: "{}" });
    const first = response.body!.getReader();
    expect(new TextDecoder().decode((await first.read()).value)).toBe("data: 1\n\n");
    first.releaseLock();
    const reader = chunkReaderOf(response)!;
    expect(response.body!.locked).toBe(true); // the rest comes through the stream's own reader
    expect(new TextDecoder().decode((await reader.read()).value)).toBe("data: 2\n\n");
    expect((await reader.read()).done).toBe(true);
  });

  it("gives the provider's stream reader the chunks, past the official SDK (no web stream read)", async () => {
    const server = await fixture();
    server.enqueue({
      headers: { "content-type": "text/event-stream" },
      body: recorded("text-then-tool-use.sse"),
    });
    const responses: Response[] = [];
    const fetcher = createNodeFetch();
    const recording: typeof fetch = async (input, init) => {
      const response = await fetcher(input, init);
      responses.push(response);
      return response;
    };
    const provider = createAnthropicProvider({
      apiKey: "k",
      baseURL: server.url,
      fetch: recording,
    });
    const { error, events } = await drain(
      provider.stream(modelRequest(), new AbortController().signal),
    );
    expect(error).toBeUndefined();
    expect(events.at(-1)?.type).toBe("response");
    // Read through the web stream, it would still be locked by that reader; taken, it is closed.
    const body = responses[0]!.body!;
    expect(body.locked).toBe(false);
    expect(Readable.isDisturbed(body as unknown as Readable)).toBe(true);
  });

  it("reads an error status body as text", async () => {
    const server = await fixture();
    server.enqueue({ status: 529, headers: { "content-type": "application/json" }, body: "{}" });
    const response = await createNodeFetch()(server.url, { method: "POST", body: "{}" });
    expect(response.ok).toBe(false);
    expect(response.status).toBe(529);
    expect(await response.text()).toBe("{}");
  });

  it("rejects a refused connection as fetch does: TypeError 'fetch failed' with the socket error as cause", async () => {
    const url = await serve(() => undefined);
    await closeOpenServers(); // nothing listens on the port any more
    const failure = await createNodeFetch()(url, { method: "POST", body: "{}" }).catch((e) => e);
    expect(failure).toBeInstanceOf(TypeError);
    expect(failure.message).toBe("fetch failed");
    expect(failure.cause.code).toBe("ECONNREFUSED");
  });

  it("rejects with the signal's reason when aborted before the response, and closes the socket", async () => {
    const server = await fixture();
    server.enqueue({ hang: true });
    const controller = new AbortController();
    const pending = createNodeFetch()(server.url, { signal: controller.signal });
    while (server.requests.length === 0) await new Promise((resolve) => setImmediate(resolve));
    const reason = new DOMException("stop", "AbortError");
    controller.abort(reason);
    await expect(pending).rejects.toBe(reason);
    expect(getEventListeners(controller.signal, "abort")).toHaveLength(0);
    await vi.waitFor(() => expect(server.closedResponses).toBe(1), { timeout: 2_000 });
    expect(server.openSockets()).toBe(0);
  });

  it("errors the body with the signal's reason when aborted mid-body", async () => {
    const server = await fixture();
    server.enqueue({ chunks: [{ data: "data: 1\n\n" }], hang: true });
    const controller = new AbortController();
    const response = await createNodeFetch()(server.url, { signal: controller.signal });
    const reader = response.body!.getReader();
    await reader.read();
    controller.abort();
    const failure = await reader.read().catch((e) => e);
    expect(failure).toBeInstanceOf(DOMException);
    expect(failure.name).toBe("AbortError");
  });

  it("errors the body with TypeError 'terminated' when the connection resets mid-body", async () => {
    const server = await fixture();
    server.enqueue({
      chunks: [{ data: "data: 1\n\n" }, { data: "data: 2\n\n", delayMs: 20 }],
      destroyAfterChunks: true,
    });
    const response = await createNodeFetch()(server.url, { method: "POST", body: "{}" });
    const failure = await readAll(response).catch((e) => e);
    expect(failure).toBeInstanceOf(TypeError);
    expect(failure.message).toBe("terminated");
    expect(failure.cause.code).toBe("ECONNRESET");
  });

  it("decodes a gzip-encoded body", async () => {
    const url = await serve((_req, res) => {
      res.writeHead(200, { "content-encoding": "gzip", "content-type": "text/event-stream" });
      res.end(gzipSync("data: zipped\n\n"));
    });
    expect(await readAll(await createNodeFetch()(url))).toBe("data: zipped\n\n");
  });

  it("follows a 307 with method and body, and turns a 303 into a GET", async () => {
    const seen: string[] = [];
    const url = await serve(async (req, res) => {
      let body = "";
      for await (const chunk of req) body += chunk;
      seen.push(`${req.method} ${req.url} ${body}`);
      if (req.url === "/a") res.writeHead(307, { location: "/b" }).end();
      else if (req.url === "/b") res.writeHead(303, { location: "/c" }).end();
      else res.writeHead(200).end("landed");
    });
    const response = await createNodeFetch()(`${url}/a`, { method: "POST", body: "x" });
    expect(await response.text()).toBe("landed");
    expect(seen).toEqual(["POST /a x", "POST /b x", "GET /c "]);
  });

  it("follows a 308 with method and body, and turns a 301 of a POST into a GET", async () => {
    const seen: string[] = [];
    const url = await serve(async (req, res) => {
      let body = "";
      for await (const chunk of req) body += chunk;
      seen.push(`${req.method} ${req.url} ${body} ${req.headers["content-type"] ?? "-"}`);
      if (req.url === "/a") res.writeHead(308, { location: "/b" }).end();
      else if (req.url === "/b") res.writeHead(301, { location: "/c" }).end();
      else res.writeHead(200).end("landed");
    });
    const response = await createNodeFetch()(`${url}/a`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    expect(await response.text()).toBe("landed");
    expect(response.url).toBe(`${url}/c`);
    expect(response.redirected).toBe(true);
    expect(seen).toEqual([
      "POST /a {} application/json",
      "POST /b {} application/json",
      "GET /c  -",
    ]);
  });

  it("keeps a PUT a PUT through a 302 and a GET a GET through a 303", async () => {
    const seen: string[] = [];
    const url = await serve(async (req, res) => {
      let body = "";
      for await (const chunk of req) body += chunk;
      seen.push(`${req.method} ${req.url} ${body}`);
      if (req.url === "/put") res.writeHead(302, { location: "/done" }).end();
      else if (req.url === "/get") res.writeHead(303, { location: "/done" }).end();
      else res.writeHead(200).end();
    });
    const fetcher = createNodeFetch();
    await (await fetcher(`${url}/put`, { method: "PUT", body: "p" })).text();
    await (await fetcher(`${url}/get`)).text();
    expect(seen).toEqual(["PUT /put p", "PUT /done p", "GET /get ", "GET /done "]);
  });

  it("sets Response.url to the URL that answered", async () => {
    const server = await fixture();
    server.enqueue({ status: 200, body: "ok" });
    const response = await createNodeFetch()(`${server.url}/v1/messages?beta=true`);
    expect(response.url).toBe(`${server.url}/v1/messages?beta=true`);
  });

  it("rejects a redirect to a non-http scheme with TypeError 'fetch failed', leaving no abort listener", async () => {
    const url = await serve((_req, res) => {
      res.writeHead(302, { location: "ftp://127.0.0.1/file" }).end();
    });
    const controller = new AbortController();
    const failure = await createNodeFetch()(url, { signal: controller.signal }).catch((e) => e);
    expect(failure).toBeInstanceOf(TypeError);
    expect(failure.message).toBe("fetch failed");
    expect(failure.cause.code).toBe("ERR_INVALID_PROTOCOL");
    expect(getEventListeners(controller.signal, "abort")).toHaveLength(0);
  });

  it("rejects a status outside 200–599 with TypeError 'fetch failed' (not new Response's RangeError)", async () => {
    const url = await serve((_req, res) => {
      res.writeHead(600).end("odd");
    });
    const failure = await createNodeFetch()(url).catch((e) => e);
    expect(failure).toBeInstanceOf(TypeError);
    expect(failure.message).toBe("fetch failed");
    expect(failure.cause).toBeInstanceOf(RangeError);
  });

  it("rejects with the signal's reason, sending nothing, when aborted while the agent is awaited", async () => {
    const server = await fixture();
    server.enqueue({ status: 200, body: "should not be fetched" });
    const controller = new AbortController();
    const pending = createNodeFetch()(server.url, { signal: controller.signal });
    // fetch has run up to its first await (the transport); the listener is not added yet.
    const reason = new DOMException("stop", "AbortError");
    controller.abort(reason);
    await expect(pending).rejects.toBe(reason);
    expect(getEventListeners(controller.signal, "abort")).toHaveLength(0);
    expect(server.requests).toHaveLength(0);
  });

  it("asks for gzip and deflate over http as Node's fetch does, unless told otherwise", async () => {
    const server = await fixture();
    server.enqueue({ status: 200, body: "" }, { status: 200, body: "" });
    const fetcher = createNodeFetch();
    await (await fetcher(server.url)).text();
    await (await fetcher(server.url, { headers: { "accept-encoding": "identity" } })).text();
    expect(server.requests.map((r) => r.headers["accept-encoding"])).toEqual([
      "gzip, deflate",
      "identity",
    ]);
  });

  it("undoes several content codings, last applied first", async () => {
    const text = "data: twice packed\n\n";
    const url = await serve((_req, res) => {
      res.writeHead(200, { "content-encoding": "gzip, br" });
      res.end(brotliCompressSync(gzipSync(text)));
    });
    expect(await readAll(await createNodeFetch()(url))).toBe(text);
  });

  it("yields what a gzip body cut before its trailer held, as Node's fetch does (sync flush)", async () => {
    const text = "data: almost whole\n\n";
    const packed = gzipSync(text);
    const url = await serve((_req, res) => {
      res.writeHead(200, { "content-encoding": "gzip" });
      res.end(packed.subarray(0, packed.length - 8)); // no CRC and length trailer
    });
    expect(await readAll(await createNodeFetch()(url))).toBe(text);
  });

  it("hands a body it does not send itself (form data) to the fallback fetch", async () => {
    const calls: unknown[] = [];
    const fallback: typeof fetch = async (input) => {
      calls.push(input);
      return new Response("from fallback");
    };
    const form = new URLSearchParams({ a: "1" });
    const response = await createNodeFetch({ fallback })("http://127.0.0.1:9/", { body: form });
    expect(await response.text()).toBe("from fallback");
    expect(calls).toEqual(["http://127.0.0.1:9/"]);
  });
});
