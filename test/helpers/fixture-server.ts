import { once } from "node:events";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { Socket } from "node:net";

/** One canned HTTP response; `chunks` are written in order, each after its delay. */
export interface CannedResponse {
  status?: number;
  headers?: Record<string, string>;
  /** The whole body at once. */
  body?: string;
  /** The body in pieces, for streams; `delayMs` waits before the piece is written. */
  chunks?: Array<{ data: string; delayMs?: number }>;
  /** Destroy the socket after writing what came before (a reset mid-stream). */
  destroyAfterChunks?: boolean;
  /** Never finish the response (for abort tests). */
  hang?: boolean;
}

/** A request the server received. */
export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingMessage["headers"];
  body: string;
  json: unknown;
}

/** A real HTTP server on 127.0.0.1 that answers from a queue of canned responses. */
export interface FixtureServer {
  url: string;
  requests: RecordedRequest[];
  /** Sockets currently open (to prove aborts close them). */
  openSockets(): number;
  /** Resolves when the response in progress has been closed by the client. */
  closedResponses: number;
  enqueue(...responses: CannedResponse[]): void;
  close(): Promise<void>;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Starts a fixture server; responses are served in the order enqueued (404 when empty). */
export async function startFixtureServer(): Promise<FixtureServer> {
  const queue: CannedResponse[] = [];
  const sockets = new Set<Socket>();
  const state = { closedResponses: 0 };
  const requests: RecordedRequest[] = [];

  const server: Server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    let body = "";
    for await (const chunk of req) body += chunk;
    requests.push({
      method: req.method ?? "",
      url: req.url ?? "",
      headers: req.headers,
      body,
      json: parseJson(body),
    });
    res.on("close", () => {
      if (!res.writableFinished) state.closedResponses += 1;
    });
    const next = queue.shift();
    if (!next) {
      res.writeHead(404, { "content-type": "application/json" });
      res.end(
        JSON.stringify({
          type: "error",
          error: { type: "not_found_error", message: "no canned response" },
        }),
      );
      return;
    }
    res.writeHead(next.status ?? 200, next.headers ?? { "content-type": "text/event-stream" });
    if (next.body !== undefined) res.write(next.body);
    for (const chunk of next.chunks ?? []) {
      if (chunk.delayMs) await new Promise((r) => setTimeout(r, chunk.delayMs));
      if (res.destroyed) return;
      res.write(chunk.data);
    }
    if (next.destroyAfterChunks) {
      res.socket?.destroy();
      return;
    }
    if (next.hang) return;
    res.end();
  });
  server.on("connection", (socket: Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("fixture server has no port");

  return {
    url: `http://127.0.0.1:${address.port}`,
    requests,
    openSockets: () => sockets.size,
    get closedResponses() {
      return state.closedResponses;
    },
    enqueue: (...responses) => queue.push(...responses),
    close: async () => {
      for (const socket of sockets) socket.destroy();
      server.close();
      await once(server, "close");
    },
  };
}
