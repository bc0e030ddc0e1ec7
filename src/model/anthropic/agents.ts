import type { Agent, ClientRequest, IncomingMessage, RequestOptions } from "node:http";
import { Agent as HttpAgent, request as httpRequest } from "node:http";

/** node:http's or node:https's `request`, whichever the scheme needs. */
export type RequestFunction = (
  url: URL,
  options: RequestOptions,
  onResponse: (message: IncomingMessage) => void,
) => ClientRequest;

/** The agent and request function for one scheme. */
export interface Transport {
  agent: Agent;
  request: RequestFunction;
}

/** One keep-alive transport per scheme, made on first use (node:https only when needed). */
export interface TransportCache {
  for(secure: boolean): Promise<Transport>;
}

/**
 * Keep-alive agents shaped like Node 20's globalAgent (keepAlive, lifo, an idle timeout) with
 * undici's 4 s idle time by default: a pooled socket is closed after that long unused, before
 * a server that closes idle connections sooner makes a reused socket fail with ECONNRESET
 * (a server's `Keep-Alive: timeout=N` shortens it further). Node unrefs pooled sockets, so an
 * idle one never keeps the process alive.
 */
export function transportCache(idleTimeoutMs = 4_000): TransportCache {
  const settings = { keepAlive: true, timeout: idleTimeoutMs, scheduling: "lifo" } as const;
  let plain: Transport | undefined;
  let secure: Promise<Transport> | undefined;
  return {
    for(isSecure) {
      if (!isSecure) {
        plain ??= { agent: new HttpAgent(settings), request: httpRequest };
        return Promise.resolve(plain);
      }
      secure ??= import("node:https").then((https) => ({
        agent: new https.Agent(settings),
        request: https.request,
      }));
      return secure;
    },
  };
}
