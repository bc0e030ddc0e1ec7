import { once } from "node:events";
import { createServer, type RequestListener, type Server } from "node:http";
import { createServer as createTcpServer, type Socket } from "node:net";
import { expect } from "vitest";
import { afterEachTest } from "../../helpers/after-each-test.js";
import { type FixtureServer, startFixtureServer } from "../../helpers/fixture-server.js";

const open: Array<{ close(): Promise<void> }> = [];

afterEachTest(async () => {
  await Promise.all(open.splice(0).map((server) => server.close()));
});

/** A fixture server closed after the test. */
export async function fixture(): Promise<FixtureServer> {
  const server = await startFixtureServer();
  open.push(server);
  return server;
}

function portOf(server: { address(): ReturnType<Server["address"]> }): number {
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("no port");
  return address.port;
}

/** A server of our own, for what the fixture server cannot send (redirects, codings, heads). */
export async function serve(handler: RequestListener): Promise<string> {
  const server: Server = createServer(handler);
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  open.push({
    close: async () => {
      server.closeAllConnections();
      server.close();
      await once(server, "close");
    },
  });
  return `http://127.0.0.1:${portOf(server)}`;
}

/** A TCP server that accepts connections and never says a word (a TLS handshake that hangs). */
export async function silentTcp(): Promise<number> {
  const sockets = new Set<Socket>();
  const server = createTcpServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  open.push({
    close: async () => {
      for (const socket of sockets) socket.destroy();
      server.close();
      await once(server, "close");
    },
  });
  return portOf(server);
}

/** Closes the servers opened so far (to leave a port nobody listens on). */
export async function closeOpenServers(): Promise<void> {
  await Promise.all(open.splice(0).map((server) => server.close()));
}

/** A response body read to its end as text, checking each chunk is a Uint8Array. */
export async function readAll(response: Response): Promise<string> {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return text + decoder.decode();
    expect(value).toBeInstanceOf(Uint8Array);
    text += decoder.decode(value, { stream: true });
  }
}
