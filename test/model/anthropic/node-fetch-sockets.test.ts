import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { get, type IncomingMessage, type ServerResponse } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createNodeFetch } from "../../../src/model/anthropic/node-fetch.js";
import { BodyChunks } from "../../../src/model/anthropic/response-body.js";
import { type ChunkReader, chunkReaderOf } from "../../../src/model/anthropic/web-response.js";
import { fixture, serve } from "./fetch-servers.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const temps: string[] = [];
afterEach(() => {
  for (const dir of temps.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A server that answers "ok" and records the client port of each request (its socket). */
async function portRecorder(): Promise<{ url: string; ports: number[] }> {
  const ports: number[] = [];
  const url = await serve((req, res) => {
    ports.push(req.socket.remotePort ?? 0);
    res.writeHead(200, { "content-type": "text/plain" }).end("ok");
  });
  return { url, ports };
}

/** How a body is read: through its web stream, or as keel's stream reader takes its chunks. */
type ReadPath = "web stream" | "chunks";

function readerOf(response: Response, path: ReadPath): ChunkReader {
  return path === "web stream" ? response.body!.getReader() : chunkReaderOf(response)!;
}

/**
 * Two requests in a row: the first body is cancelled after its first event (`rest` finishes
 * that response), the second is read whole. Returns the client port each request came from.
 */
async function portsAroundCancel(
  rest: (res: ServerResponse) => void,
  path: ReadPath,
): Promise<number[]> {
  const ports: number[] = [];
  const url = await serve((req, res) => {
    ports.push(req.socket.remotePort ?? 0);
    res.writeHead(200, { "content-type": "text/event-stream" });
    res.write("data: first\n\n");
    if (ports.length === 1) rest(res);
    else res.end();
  });
  const fetcher = createNodeFetch();
  const reader = readerOf(await fetcher(url), path);
  await reader.read();
  await reader.cancel();
  await new Promise((resolve) => setTimeout(resolve, 60));
  expect(await (await fetcher(url)).text()).toBe("data: first\n\n");
  return ports;
}

describe("the node:http fetch's sockets", () => {
  it("sends two requests in a row over one kept-alive socket", async () => {
    const { url, ports } = await portRecorder();
    const fetcher = createNodeFetch();
    expect(await (await fetcher(url, { method: "POST", body: "1" })).text()).toBe("ok");
    expect(await (await fetcher(url, { method: "POST", body: "2" })).text()).toBe("ok");
    expect(ports).toHaveLength(2);
    expect(ports[1]).toBe(ports[0]);
  });

  it("closes a socket left idle past the keep-alive timeout, and the next request opens another", async () => {
    const server = await fixture();
    server.enqueue({ status: 200, body: "1" }, { status: 200, body: "2" });
    const fetcher = createNodeFetch({ keepAliveTimeoutMs: 30 });
    expect(await (await fetcher(server.url)).text()).toBe("1");
    await vi.waitFor(() => expect(server.openSockets()).toBe(0), { timeout: 2_000 });
    expect(await (await fetcher(server.url)).text()).toBe("2");
  });

  it("leaves a socket in use open through a silence longer than the keep-alive timeout", async () => {
    const server = await fixture();
    server.enqueue({ chunks: [{ data: "data: 1\n\n" }, { data: "data: 2\n\n", delayMs: 150 }] });
    const response = await createNodeFetch({ keepAliveTimeoutMs: 20 })(server.url);
    expect(await response.text()).toBe("data: 1\n\ndata: 2\n\n");
  });

  it.each<ReadPath>(["web stream", "chunks"])(
    "reads a cancelled body's last bytes, so the next request reuses its socket (%s)",
    async (path) => {
      // The end trails the last event, as a server's does.
      const ports = await portsAroundCancel((res) => setTimeout(() => res.end(), 20), path);
      expect(ports).toHaveLength(2);
      expect(ports[1]).toBe(ports[0]);
    },
  );

  it.each<ReadPath>(["web stream", "chunks"])(
    "closes the socket of a cancelled body that keeps coming past the drain limit (%s)",
    async (path) => {
      const ports = await portsAroundCancel(
        (res) => setTimeout(() => res.end("x".repeat(1_000_000)), 20),
        path,
      );
      expect(ports).toHaveLength(2);
      expect(ports[1]).not.toBe(ports[0]);
    },
  );

  it("closes the socket of a cancelled body that does not end", async () => {
    const server = await fixture();
    server.enqueue({ chunks: [{ data: "data: 1\n\n" }], hang: true });
    const response = await createNodeFetch()(server.url);
    const reader = response.body!.getReader();
    await reader.read();
    await reader.cancel();
    await vi.waitFor(() => expect(server.closedResponses).toBe(1), { timeout: 2_000 });
    expect(server.openSockets()).toBe(0);
  });

  it("pauses the socket while the reader is behind and resumes it as the reader catches up", async () => {
    const server = await fixture();
    const chunks = Array.from({ length: 40 }, (_, i) => ({ data: String(i % 10).repeat(100_000) }));
    server.enqueue({ chunks });
    const message = await new Promise<IncomingMessage>((resolve) => get(server.url, resolve));
    const reader = new BodyChunks(message, [], new AbortController().signal, {
      bodyIdleTimeoutMs: 60_000,
    });
    // Nothing read: the queue fills to its high-water mark and reading stops.
    await vi.waitFor(() => expect(message.isPaused()).toBe(true), { timeout: 2_000 });
    let text = "";
    const decoder = new TextDecoder();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
    expect(text).toBe(chunks.map((c) => c.data).join(""));
  });

  it("errors a body with the signal's reason when the signal was aborted before the body was made", async () => {
    const server = await fixture();
    server.enqueue({ chunks: [{ data: "data: 1\n\n" }], hang: true });
    const message = await new Promise<IncomingMessage>((resolve) => get(server.url, resolve));
    const controller = new AbortController();
    const reason = new DOMException("stop", "AbortError");
    controller.abort(reason);
    const body = new BodyChunks(message, [], controller.signal, { bodyIdleTimeoutMs: 60_000 });
    await expect(body.read()).rejects.toBe(reason);
    await vi.waitFor(() => expect(server.closedResponses).toBe(1), { timeout: 2_000 });
  });

  it("reads a body one read at a time, drops what is queued on cancel, and keeps its failure", async () => {
    const server = await fixture();
    server.enqueue({ chunks: [{ data: "data: 1\n\n" }, { data: "data: 2\n\n", delayMs: 20 }] });
    const message = await new Promise<IncomingMessage>((resolve) => get(server.url, resolve));
    const body = new BodyChunks(message, [], new AbortController().signal, {
      bodyIdleTimeoutMs: 60_000,
    });
    const first = body.read();
    await expect(body.read()).rejects.toThrow("already pending");
    expect((await first).done).toBe(false);
    await new Promise((resolve) => message.once("end", resolve)); // the second chunk is queued
    await body.cancel();
    expect((await body.read()).done).toBe(true);

    server.enqueue({ chunks: [{ data: "data: 1\n\n" }], hang: true });
    const next = await new Promise<IncomingMessage>((resolve) => get(server.url, resolve));
    const controller = new AbortController();
    const failed = new BodyChunks(next, [], controller.signal, { bodyIdleTimeoutMs: 60_000 });
    const reason = new DOMException("stop", "AbortError");
    controller.abort(reason);
    await expect(failed.read()).rejects.toBe(reason);
    await expect(failed.cancel()).rejects.toBe(reason);
  });

  it("never keeps the process alive with an idle pooled socket", async () => {
    const server = await fixture();
    server.enqueue({ status: 200, body: "pooled" });
    const dir = mkdtempSync(path.join(tmpdir(), "keel-node-fetch-"));
    temps.push(dir);
    const script = path.join(dir, "child.mts");
    const source = path.join(root, "src/model/anthropic/node-fetch.ts");
    // A keep-alive timeout far beyond the test's: only an unref'd socket lets the child exit.
    writeFileSync(
      script,
      `import { createNodeFetch } from ${JSON.stringify(source)};\n` +
        `const response = await createNodeFetch({ keepAliveTimeoutMs: 600_000 })(process.argv[2]);\n` +
        `console.log(await response.text());\n`,
    );
    const child = promisify(execFile)(process.execPath, ["--import", "tsx", script, server.url], {
      cwd: root,
    });
    const { stdout } = await child;
    expect(stdout.trim()).toBe("pooled");
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]?.headers.connection).toBe("keep-alive");
  });
});
