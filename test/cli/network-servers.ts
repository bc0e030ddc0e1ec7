import { execFileSync } from "node:child_process";
import { once } from "node:events";
import { readFileSync } from "node:fs";
import {
  createServer as createHttpServer,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from "node:http";
import { createServer as createHttpsServer } from "node:https";
import { createServer as createTcpServer, type Socket } from "node:net";
import { join } from "node:path";
import { afterEachTest } from "../helpers/after-each-test.js";

/** Which API a test server speaks: the Messages API, or OpenAI chat completions. */
export type Wire = "anthropic" | "openai";

/**
 * What a server does with one request: never answer (no headers), answer with headers and
 * a few events and then go silent (before any block completed, or, on the Messages API, after
 * a text block "Part one." completed), keep sending pings (SSE comments on the OpenAI wire)
 * for a while and then answer, or answer "Hello from the server".
 */
export type Behaviour = "hang" | "stall" | "stall-after-block" | "pings-then-answer" | "answer";

/** A server on 127.0.0.1 misbehaving as its plan says, one behaviour per request. */
export interface PlannedServer {
  /** The base URL keel is given (with /v1 on the OpenAI wire). */
  baseUrl: string;
  /** Requests received so far. */
  requests(): number;
  /** The bodies of the requests received so far. */
  bodies(): string[];
  /** TCP connections accepted so far. */
  connections(): number;
}

const open: Array<{ server: Server; sockets: Set<Socket> }> = [];

afterEachTest(async () => {
  const servers = open.splice(0);
  for (const { server, sockets } of servers) {
    for (const socket of sockets) socket.destroy();
    server.close();
    await once(server, "close");
  }
});

async function listen(server: Server): Promise<{ port: number; connections: () => number }> {
  const sockets = new Set<Socket>();
  let connections = 0;
  server.on("connection", (socket: Socket) => {
    connections += 1;
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  open.push({ server, sockets });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("no port");
  return { port: address.port, connections: () => connections };
}

/** A port that was bound on 127.0.0.1 and closed again: connecting to it is refused. */
export async function refusedPort(): Promise<number> {
  const server = createTcpServer();
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("no port");
  server.close();
  await once(server, "close");
  return address.port;
}

const sse = (event: unknown) =>
  `event: ${(event as { type: string }).type}\ndata: ${JSON.stringify(event)}\n\n`;

const MESSAGE_START = {
  type: "message_start",
  message: {
    id: "msg_net",
    type: "message",
    role: "assistant",
    model: "claude-sonnet-5",
    content: [],
    stop_reason: null,
    stop_sequence: null,
    usage: { input_tokens: 5, output_tokens: 1 },
  },
};

/** Each wire's stream: its opening (no block completed), a keep-alive, and its whole answer. */
const STREAMS: Record<Wire, { opening: string; ping: string; answer: string; oneBlock?: string }> =
  {
    anthropic: {
      opening: [
        MESSAGE_START,
        { type: "ping" },
        { type: "content_block_start", index: 0, content_block: { type: "text", text: "" } },
        { type: "content_block_delta", index: 0, delta: { type: "text_delta", text: "Hel" } },
      ]
        .map(sse)
        .join(""),
      ping: sse({ type: "ping" }),
      oneBlock: [
        MESSAGE_START,
        { type: "content_block_start", index: 0, content_block: { type: "text", text: "" } },
        { type: "content_block_delta", index: 0, delta: { type: "text_delta", text: "Part one." } },
        { type: "content_block_stop", index: 0 },
      ]
        .map(sse)
        .join(""),
      answer: [
        MESSAGE_START,
        { type: "content_block_start", index: 0, content_block: { type: "text", text: "" } },
        {
          type: "content_block_delta",
          index: 0,
          delta: { type: "text_delta", text: "Hello from the server" },
        },
        { type: "content_block_stop", index: 0 },
        {
          type: "message_delta",
          delta: { stop_reason: "end_turn", stop_sequence: null },
          usage: { output_tokens: 5 },
        },
        { type: "message_stop" },
      ]
        .map(sse)
        .join(""),
    },
    openai: {
      opening: `data: ${JSON.stringify(chunk({ role: "assistant", content: "Hel" }, null))}\n\n`,
      ping: ": keep-alive\n\n",
      answer: [
        chunk({ role: "assistant", content: "Hello from the server" }, null),
        chunk({}, "stop"),
      ]
        .map((c) => `data: ${JSON.stringify(c)}\n\n`)
        .concat("data: [DONE]\n\n")
        .join(""),
    },
  };

function chunk(delta: Record<string, string>, finish: string | null) {
  return {
    id: "chatcmpl-net",
    object: "chat.completion.chunk",
    model: "net-test",
    choices: [{ index: 0, delta, finish_reason: finish }],
  };
}

/** Pings sent, 100 ms apart, before a "pings-then-answer" response answers. */
const PINGS = 15;

async function readBody(request: IncomingMessage): Promise<string> {
  let body = "";
  for await (const chunk of request) body += chunk;
  return body;
}

function respond(wire: Wire, behaviour: Behaviour, response: ServerResponse): Promise<void> {
  if (behaviour === "hang") return Promise.resolve();
  response.writeHead(200, { "content-type": "text/event-stream" });
  const stream = STREAMS[wire];
  if (behaviour === "stall" || behaviour === "stall-after-block") {
    const head = behaviour === "stall" ? stream.opening : stream.oneBlock;
    if (head === undefined) throw new Error(`no ${behaviour} stream on the ${wire} wire`);
    response.write(head);
    return Promise.resolve();
  }
  return answer(stream, behaviour, response);
}

async function answer(
  stream: (typeof STREAMS)[Wire],
  behaviour: Behaviour,
  response: ServerResponse,
): Promise<void> {
  for (let sent = 0; behaviour === "pings-then-answer" && sent < PINGS; sent++) {
    response.write(stream.ping);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  response.end(stream.answer);
}

/**
 * An HTTP server for `wire` on 127.0.0.1 that treats request n as `plan[n]` (the last
 * behaviour repeats); closed after the test.
 */
export async function plannedServer(wire: Wire, plan: Behaviour[]): Promise<PlannedServer> {
  const bodies: string[] = [];
  const server = createHttpServer(async (request, response) => {
    const behaviour = plan[Math.min(bodies.length, plan.length - 1)] ?? "answer";
    const at = bodies.push("") - 1;
    bodies[at] = await readBody(request);
    await respond(wire, behaviour, response);
  });
  const { port, connections } = await listen(server);
  const root = `http://127.0.0.1:${port}`;
  return {
    baseUrl: wire === "openai" ? `${root}/v1` : root,
    requests: () => bodies.length,
    bodies: () => [...bodies],
    connections,
  };
}

/**
 * An HTTPS server for `wire` on 127.0.0.1 whose certificate, made here with openssl, signs
 * itself (no CA vouches for it); its files are written into `dir`.
 */
export async function selfSignedServer(wire: Wire, dir: string): Promise<PlannedServer> {
  const key = join(dir, "key.pem");
  const cert = join(dir, "cert.pem");
  execFileSync(
    "openssl",
    [
      ...["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"],
      ...["-keyout", key, "-out", cert, "-days", "2", "-subj", "/CN=127.0.0.1"],
      ...["-addext", "subjectAltName=IP:127.0.0.1"],
    ],
    { stdio: "ignore" },
  );
  const bodies: string[] = [];
  const server = createHttpsServer(
    { key: readFileSync(key), cert: readFileSync(cert) },
    async (request, response) => {
      bodies.push(await readBody(request));
      await respond(wire, "answer", response);
    },
  );
  server.on("tlsClientError", () => undefined);
  const { port, connections } = await listen(server);
  const root = `https://127.0.0.1:${port}`;
  return {
    baseUrl: wire === "openai" ? `${root}/v1` : root,
    requests: () => bodies.length,
    bodies: () => [...bodies],
    connections,
  };
}

/** The URL keel posts to on `wire`, from its base URL. */
export function endpointOf(wire: Wire, baseUrl: string): string {
  return wire === "openai" ? `${baseUrl}/chat/completions` : `${baseUrl}/v1/messages`;
}

/** The environment and flags that point keel at `baseUrl` on `wire`. */
export function pointedAt(
  wire: Wire,
  baseUrl: string,
): { env: Record<string, string>; args: string[] } {
  return wire === "openai"
    ? { env: { OPENAI_BASE_URL: baseUrl }, args: ["--model", "openai:net-test"] }
    : { env: { ANTHROPIC_BASE_URL: baseUrl, ANTHROPIC_API_KEY: "test-key" }, args: [] };
}
