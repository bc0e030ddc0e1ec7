import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { isIP } from "node:net";
import ipaddr from "ipaddr.js";

/** The range an address is in when it is not a public unicast one (`loopback`, `private`, …). */
export function nonPublicRange(address: string): string | undefined {
  if (!ipaddr.isValid(address)) return "invalid";
  let parsed = ipaddr.parse(address);
  // `::ffff:127.0.0.1` is 127.0.0.1 to the socket that connects to it.
  if (parsed.kind() === "ipv6" && (parsed as ipaddr.IPv6).isIPv4MappedAddress())
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  const range = parsed.range();
  return range === "unicast" ? undefined : range;
}

/** Resolves a host name to all its addresses (node:dns's `lookup` by default; tests inject). */
export type ResolveHost = (host: string) => Promise<LookupAddress[]>;

/** The system resolver: every address `getaddrinfo` gives for the name. */
export const systemResolve: ResolveHost = (host) =>
  new Promise((resolve, reject) => {
    dnsLookup(host, { all: true }, (error, addresses) =>
      error ? reject(error) : resolve(addresses),
    );
  });

/** Thrown when a host is, or resolves to, an address WebFetch may not reach. */
export class PrivateAddressError extends Error {
  constructor(host: string, address: string, range: string) {
    const via = host === address ? "" : ` (it resolves to ${address})`;
    super(
      `WebFetch refused ${host}${via}: ${range} addresses are reached only when a permission rule names the host exactly, such as WebFetch(domain:${host}).`,
    );
    this.name = "PrivateAddressError";
  }
}

/**
 * The lookup a socket connects through: it resolves the name, and refuses it when any of its
 * addresses is not public unless the host is named exactly by a rule. The check is made on the
 * addresses the socket then uses, so a name that changes its answer (DNS rebinding) cannot slip by.
 */
export function guardedLookup(resolve: ResolveHost, hostAllowed: (host: string) => boolean) {
  return (
    host: string,
    options: { all?: boolean },
    callback: (error: Error | null, address: string | LookupAddress[], family?: number) => void,
  ): void => {
    resolve(host).then(
      (addresses) => {
        const refused = hostAllowed(host) ? undefined : firstRefused(host, addresses);
        if (refused) return callback(refused, "");
        const [first] = addresses;
        if (options.all) return callback(null, addresses);
        if (!first) return callback(new Error(`${host} has no address`), "");
        callback(null, first.address, first.family);
      },
      (error: Error) => callback(error, ""),
    );
  };
}

function firstRefused(host: string, addresses: readonly LookupAddress[]): Error | undefined {
  for (const { address } of addresses) {
    const range = nonPublicRange(address);
    if (range) return new PrivateAddressError(host, address, range);
  }
  return undefined;
}

/** For a host that is an address itself (sockets skip the lookup then): refused or not. */
export function literalAddressProblem(
  host: string,
  hostAllowed: (host: string) => boolean,
): Error | undefined {
  if (isIP(host) === 0 || hostAllowed(host)) return undefined;
  const range = nonPublicRange(host);
  return range ? new PrivateAddressError(host, host, range) : undefined;
}
