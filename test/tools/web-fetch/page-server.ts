import { once } from "node:events";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";

/** The article the HTML page holds, amid navigation, an ad and a footer that must not pass. */
export const ARTICLE_TEXT =
  "The spring tide at Brest reaches 7.8 metres on the equinox, when the moon and the sun pull together.";
export const NAV_TEXT = "NAVIGATION-LINK-ABOUT-US";
export const AD_TEXT = "BUY-NOW-ADVERTISEMENT-BANNER";
export const FOOTER_TEXT = "FOOTER-COPYRIGHT-NOTICE";

const ARTICLE_PAGE = `<!doctype html><html><head><title>Tides at Brest</title></head><body>
<nav><a href="/">Home</a> <a href="/about">${NAV_TEXT}</a></nav>
<aside class="advertisement"><p>${AD_TEXT}</p></aside>
<main><article><h1>Tides at Brest</h1>
<p>${ARTICLE_TEXT} Sailors plan their crossings around it, and the harbour master posts the times each morning.</p>
<p>The neap tide is smaller, about three metres, and comes at the quarter moons, when the two pulls work against each other.</p>
</article></main>
<footer>${FOOTER_TEXT}</footer></body></html>`;

/** A page server on 127.0.0.1 for WebFetch: one route per kind of answer, every request recorded. */
export interface PageServer {
  /** `http://127.0.0.1:<port>` */
  url: string;
  port: number;
  /** Paths requested, in order. */
  paths: string[];
  close(): Promise<void>;
}

type Route = (req: IncomingMessage, res: ServerResponse, port: number) => void;

const send =
  (type: string, body: string | Buffer): Route =>
  (_req, res) => {
    res.writeHead(200, { "content-type": type });
    res.end(body);
  };

const redirect =
  (to: (port: number) => string): Route =>
  (_req, res, port) => {
    res.writeHead(301, { location: to(port) });
    res.end();
  };

/** 20 MB of text, written in 64 kB pieces until the client hangs up or it is all sent. */
const large: Route = (_req, res) => {
  res.writeHead(200, { "content-type": "text/plain" });
  const piece = "x".repeat(64 * 1024);
  let sent = 0;
  const more = () => {
    while (sent < 20 * 1024 * 1024 && !res.destroyed) {
      sent += piece.length;
      if (!res.write(piece)) return void res.once("drain", more);
    }
    res.end();
  };
  more();
};

const ROUTES: Record<string, Route> = {
  "/article": send("text/html; charset=utf-8", ARTICLE_PAGE),
  "/notes.md": send("text/markdown", "# Notes\n\n- keep *this* as it is\n"),
  "/data.json": send("application/json", '{"tide":"high","metres":7.8}'),
  "/image.png": send("image/png", Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0])),
  "/long.txt": send("text/plain", `${"a".repeat(100_000)}${"b".repeat(50_000)}`),
  "/same-host": redirect(() => "/article"),
  "/cross-host": redirect((port) => `http://localhost:${port}/article`),
  "/to-www": redirect((port) => `http://www.localhost:${port}/article`),
  "/large": large,
  // Headers and never a body: for the deadline.
  "/slow": (_req, res) => {
    res.writeHead(200, { "content-type": "text/plain" });
    res.write("the start, then nothing");
  },
};

/** Starts the page server; `close` ends it and every connection. */
export async function startPageServer(): Promise<PageServer> {
  const paths: string[] = [];
  const sockets = new Set<Socket>();
  let port = 0;
  const server = createServer((req, res) => {
    const path = req.url ?? "/";
    paths.push(path);
    const route = ROUTES[path];
    if (route) return route(req, res, port);
    res.writeHead(404, { "content-type": "text/plain" });
    res.end("not found");
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    paths,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      server.close();
      await once(server, "close");
    },
  };
}
