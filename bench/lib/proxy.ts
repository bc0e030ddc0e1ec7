import { once } from "node:events";
import { Agent, createServer, type IncomingMessage, request, type ServerResponse } from "node:http";

/** One request keel sent and the answer it got, with the times the proxy saw them. */
export interface Exchange {
  index: number;
  path: string;
  /** The request kind header keel sends (`main`, `compact`, …), when present. */
  kind?: string;
  /** The raw request body. */
  body: Buffer;
  /** performance.now() when the request's first byte arrived. */
  requestAt: number;
  /** performance.now() when the whole response had passed through (the stream's end). */
  responseEndAt?: number;
  status?: number;
}

/** A recording HTTP proxy in front of the scripted server. */
export interface RecordingProxy {
  url: string;
  exchanges: Exchange[];
  /** Called as each request arrives, before it is forwarded (e.g. to sample the client's RSS). */
  onRequest: ((exchange: Exchange) => void) | undefined;
  close(): Promise<void>;
}

function forward(
  upstream: URL,
  agent: Agent,
  req: IncomingMessage,
  res: ServerResponse,
  exchange: Exchange,
): void {
  const out = request(
    {
      host: upstream.hostname,
      port: upstream.port,
      method: req.method,
      path: req.url,
      headers: req.headers,
      agent,
    },
    (answer) => {
      exchange.status = answer.statusCode ?? 0;
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.on("data", (chunk: Buffer) => res.write(chunk));
      answer.on("end", () => {
        exchange.responseEndAt = performance.now();
        res.end();
      });
      answer.on("error", () => res.destroy());
    },
  );
  out.on("error", () => res.destroy());
  out.end(exchange.body);
}

/**
 * Starts a proxy on 127.0.0.1 that forwards everything to `upstreamUrl` and records each
 * request's raw body and when it arrived and when its response ended, so the bench can time the
 * client between the end of one stream and its next request without changing the server.
 */
export async function startRecordingProxy(upstreamUrl: string): Promise<RecordingProxy> {
  const upstream = new URL(upstreamUrl);
  const agent = new Agent({ keepAlive: true });
  const proxy: RecordingProxy = {
    url: "",
    exchanges: [],
    onRequest: undefined,
    close: async () => {},
  };
  const server = createServer((req, res) => {
    const requestAt = performance.now();
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const kind = req.headers["x-keel-request-kind"];
      const exchange: Exchange = {
        index: proxy.exchanges.length,
        path: req.url ?? "/",
        ...(typeof kind === "string" ? { kind } : {}),
        body: Buffer.concat(chunks),
        requestAt,
      };
      proxy.exchanges.push(exchange);
      proxy.onRequest?.(exchange);
      forward(upstream, agent, req, res, exchange);
    });
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("proxy has no port");
  proxy.url = `http://127.0.0.1:${address.port}`;
  proxy.close = async () => {
    const closed = once(server, "close");
    server.close();
    server.closeAllConnections();
    agent.destroy();
    await closed;
  };
  return proxy;
}
