import { createServer, type IncomingHttpHeaders, request } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEachTest } from "./after-each-test.js";

/** A proxy on 127.0.0.1 in front of a server, keeping each request's headers. */
export interface HeaderProxy {
  url: string;
  headers: IncomingHttpHeaders[];
}

const open: (() => void)[] = [];
afterEachTest(() => {
  for (const close of open.splice(0)) close();
});

/** Starts a proxy to `target` (a scripted server's URL) that records the headers it passes on. */
export async function headerProxy(target: string): Promise<HeaderProxy> {
  const headers: IncomingHttpHeaders[] = [];
  const to = new URL(target);
  const server = createServer((incoming, outgoing) => {
    headers.push(incoming.headers);
    const forward = request(
      {
        host: to.hostname,
        port: to.port,
        path: incoming.url,
        method: incoming.method,
        headers: incoming.headers,
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    incoming.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  open.push(() => server.close());
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, headers };
}
