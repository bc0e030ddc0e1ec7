import { createServer, request } from "node:http";
import type { AddressInfo } from "node:net";
import { connect } from "node:net";
import { afterEachTest } from "./after-each-test.js";

/** A proxy on 127.0.0.1 that opens CONNECT tunnels and forwards plain requests, counting both. */
export interface CountingProxy {
  url: string;
  /** The CONNECT targets, in order (`host:port`). */
  tunnels: string[];
  /** The absolute URLs of forwarded plain requests, in order. */
  forwarded: string[];
}

const open: (() => void)[] = [];
afterEachTest(() => {
  for (const close of open.splice(0)) close();
});

/**
 * Starts a counting proxy on `port` (default: a free one), closed after the test; `refuse`
 * answers every CONNECT with that status.
 */
export async function countingProxy(
  options: { refuse?: number; port?: number } = {},
): Promise<CountingProxy> {
  const tunnels: string[] = [];
  const forwarded: string[] = [];
  const server = createServer((incoming, outgoing) => {
    forwarded.push(incoming.url ?? "");
    const to = new URL(incoming.url ?? "");
    const onward = request(
      { host: to.hostname, port: to.port, path: to.pathname + to.search, method: incoming.method },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    for (const [name, value] of Object.entries(incoming.headers)) {
      if (value !== undefined) onward.setHeader(name, value);
    }
    incoming.pipe(onward);
  });
  server.on("connect", (incoming, client, head) => {
    const target = incoming.url ?? "";
    tunnels.push(target);
    if (options.refuse) {
      client.end(`HTTP/1.1 ${options.refuse} Refused\r\n\r\n`);
      return;
    }
    const [host, port] = [target.slice(0, target.lastIndexOf(":")), target.split(":").pop()];
    const upstream = connect(Number(port), host, () => {
      client.write("HTTP/1.1 200 Connection Established\r\n\r\n");
      upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    upstream.on("error", () => client.destroy());
    client.on("error", () => upstream.destroy());
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", resolve);
  });
  open.push(() => {
    server.closeAllConnections();
    server.close();
  });
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, tunnels, forwarded };
}
