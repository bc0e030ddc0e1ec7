import type { BashSandbox } from "./bash-sandbox.js";

/** A `host[:port]` pattern split as the sandbox runtime splits it (a numeric suffix only). */
function splitPort(pattern: string): { host: string; port?: number } {
  const match = /^(.*):([1-9]\d{0,4})$/.exec(pattern);
  if (!match || match[1]?.includes(":")) return { host: pattern };
  return { host: match[1] ?? "", port: Number(match[2]) };
}

/**
 * Whether a destination matches a `network` domain pattern as the sandbox runtime reads them:
 * `*` is every host, `*.example.com` its strict subdomains, anything else that host exactly
 * (case-insensitive); a `:port` suffix narrows it to that port.
 */
export function networkPatternMatches(host: string, port: number, pattern: string): boolean {
  const parts = splitPort(pattern.trim().toLowerCase());
  if (parts.port !== undefined && parts.port !== port) return false;
  const wanted = parts.host;
  const name = host.toLowerCase();
  if (wanted === "*") return true;
  if (wanted.startsWith("*.")) return name.endsWith(wanted.slice(1));
  return name === wanted;
}

/**
 * Why a WebFetch request must not reach this address, by the sandbox's network settings (when
 * the sandbox is on): a host `sandbox.network.deniedDomains` names is refused, as the sandbox
 * refuses it to commands. Undefined when nothing refuses it.
 */
export function sandboxNetworkRefusal(sandbox: BashSandbox, url: URL): string | undefined {
  if (!sandbox.mode().enabled) return undefined;
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const port = Number(url.port) || (url.protocol === "https:" ? 443 : 80);
  const denied = sandbox.settings.network.deniedDomains.find((pattern) =>
    networkPatternMatches(host, port, pattern),
  );
  if (denied === undefined) return undefined;
  return `WebFetch will not reach ${url.host}: the sandbox's network settings deny it (sandbox.network.deniedDomains: ${denied}).`;
}
