import {
  type Agent,
  type AgentOptions,
  type ClientRequestArgs,
  Agent as HttpAgent,
  request,
} from "node:http";
import type { Socket } from "node:net";
import type { Duplex } from "node:stream";
import type { ConnectionOptions } from "node:tls";

/**
 * Why a proxy refused to open a tunnel: its status, as the failure's cause. The code puts it
 * among the connection failures transport-failure.ts reads, so the message reaches the user.
 */
export class ProxyRefused extends Error {
  readonly code = "EPROXYREFUSED";
  constructor(proxy: URL, status: number | undefined) {
    super(`the proxy ${proxy.host} answered CONNECT with ${status ?? "no status"}`);
    this.name = "ProxyRefused";
  }
}

/** A tunnel opened, or why not. */
type Tunnel = { ok: true; socket: Socket } | { ok: false; error: Error };

/** The Proxy-Authorization header for a proxy URL with a user (Basic, as curl sends it). */
function proxyAuthorization(proxy: URL): Record<string, string> {
  if (!proxy.username) return {};
  const user = `${decodeURIComponent(proxy.username)}:${decodeURIComponent(proxy.password)}`;
  return { "proxy-authorization": `Basic ${Buffer.from(user).toString("base64")}` };
}

/** Opens a CONNECT tunnel through `proxy` to host:port; calls back with the tunnel's socket. */
function openTunnel(proxy: URL, host: string, port: number, done: (t: Tunnel) => void): void {
  const target = `${host.includes(":") ? `[${host}]` : host}:${port}`;
  const connect = request({
    host: proxy.hostname,
    port: proxy.port || 80,
    method: "CONNECT",
    path: target,
    headers: { host: target, ...proxyAuthorization(proxy) },
    agent: false,
  });
  connect.once("connect", (answer, socket) => {
    if (answer.statusCode === 200) return done({ ok: true, socket });
    socket.destroy();
    done({ ok: false, error: new ProxyRefused(proxy, answer.statusCode) });
  });
  connect.once("error", (error) => done({ ok: false, error }));
  connect.end();
}

/**
 * A keep-alive agent whose sockets are CONNECT tunnels through an http:// proxy (as undici's
 * ProxyAgent, Claude Code's, reaches both http and https URLs); `secure` wraps each tunnel in
 * TLS to the target. Node's agents take a connection made asynchronously through the callback.
 */
export async function tunnelAgent(
  proxy: URL,
  secure: boolean,
  settings: AgentOptions,
): Promise<Agent> {
  const tls = secure ? await import("node:tls") : undefined;
  const https = secure ? await import("node:https") : undefined;
  const Base = https ? https.Agent : HttpAgent;
  class TunnelAgent extends Base {
    override createConnection(
      options: ClientRequestArgs,
      done?: (error: Error | null, stream: Duplex) => void,
    ): undefined {
      // Node's agents always pass the callback; a tunnel can only be made through it.
      if (!done) throw new Error("a proxy tunnel is opened asynchronously");
      const host = options.hostname ?? options.host ?? "localhost";
      const port = Number(options.port ?? (secure ? 443 : 80));
      // Node's callback takes the error alone when the connection failed.
      const failed = done as (error: Error) => void;
      openTunnel(proxy, host, port, (tunnel) => {
        if (!tunnel.ok) return failed(tunnel.error);
        if (!tls) return done(null, tunnel.socket);
        const tlsOptions = options as ConnectionOptions;
        const servername = tlsOptions.servername ?? host;
        done(null, tls.connect({ ...tlsOptions, socket: tunnel.socket, servername }));
      });
      return undefined;
    }
  }
  return new TunnelAgent(settings);
}
