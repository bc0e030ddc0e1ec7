import type {
  Agent,
  AgentOptions,
  ClientRequest,
  IncomingMessage,
  RequestOptions,
} from "node:http";
import { Agent as HttpAgent, request as httpRequest } from "node:http";
import { type ProxyEnv, proxyFor } from "../proxy-env.js";
import { tunnelAgent } from "./proxy-tunnel.js";

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

/**
 * One keep-alive transport per scheme, and per proxy a URL goes through, made on first use
 * (node:https and the tunnels only when needed).
 */
export interface TransportCache {
  for(url: URL): Promise<Transport>;
}

/**
 * Keep-alive agents shaped like Node 20's globalAgent (keepAlive, lifo, an idle timeout) with
 * undici's 4 s idle time by default: a pooled socket is closed after that long unused, before
 * a server that closes idle connections sooner makes a reused socket fail with ECONNRESET
 * (a server's `Keep-Alive: timeout=N` shortens it further). Node unrefs pooled sockets, so an
 * idle one never keeps the process alive.
 */
export function transportCache(idleTimeoutMs = 4_000, proxy?: ProxyEnv): TransportCache {
  const settings = { keepAlive: true, timeout: idleTimeoutMs, scheduling: "lifo" } as const;
  let plain: Transport | undefined;
  let secure: Promise<Transport> | undefined;
  const tunnels = new Map<string, Promise<Transport>>();
  return {
    for(url) {
      const isSecure = url.protocol === "https:";
      const through = proxyFor(url, proxy);
      if (through) {
        const key = `${isSecure}:${through.href}`;
        const made = tunnels.get(key) ?? tunnelTransport(through, isSecure, settings);
        tunnels.set(key, made);
        return made;
      }
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

async function tunnelTransport(
  proxy: URL,
  secure: boolean,
  settings: AgentOptions,
): Promise<Transport> {
  const agent = await tunnelAgent(proxy, secure, settings);
  const request = secure ? (await import("node:https")).request : httpRequest;
  return { agent, request };
}
