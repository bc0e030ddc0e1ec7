/** A Redis Cluster seed node (the client learns the others from it). */
interface ClusterNode {
  host: string;
  port: number;
}

/**
 * Which Redis a URL names: one server (`redis://`, `rediss://`, as ioredis reads them), or a
 * Redis Cluster (`redis+cluster://` or `rediss+cluster://`, then seed nodes `host:port`
 * separated by commas; user and password, if any, apply to every node).
 */
export type RedisEndpoint =
  | { kind: "single"; url: string }
  | {
      kind: "cluster";
      nodes: ClusterNode[];
      tls: boolean;
      username?: string;
      password?: string;
    };

/** The URL schemes keel accepts, for settings schemas and messages. */
export const REDIS_URL_PATTERN = /^rediss?(\+cluster)?:\/\//;

const CLUSTER_SCHEME = /^(rediss?)\+cluster:\/\//;

const CLUSTER_FORM =
  "a Redis Cluster URL is redis+cluster://[user:password@]host:port[,host:port…] (or rediss+cluster:// for TLS)";

/** Reads a Redis URL; throws a message naming what is wrong with a bad one. */
export function parseRedisEndpoint(url: string): RedisEndpoint {
  if (!REDIS_URL_PATTERN.test(url)) {
    throw new Error(
      `the Redis URL must start with redis://, rediss://, redis+cluster:// or rediss+cluster:// (got ${displayRedisUrl(url)})`,
    );
  }
  const scheme = CLUSTER_SCHEME.exec(url);
  if (!scheme) return { kind: "single", url };
  const rest = url.slice(scheme[0].length);
  // The user part ends at the last "@": the node list never holds one.
  const at = rest.lastIndexOf("@");
  const credentials = at < 0 ? {} : userAndPassword(rest.slice(0, at), url);
  const nodes = rest
    .slice(at + 1)
    .replace(/\/0?$/, "")
    .split(",")
    .map((node) => clusterNode(node, url));
  return { kind: "cluster", nodes, tls: scheme[1] === "rediss", ...credentials };
}

function userAndPassword(userinfo: string, url: string): { username?: string; password?: string } {
  const colon = userinfo.indexOf(":");
  const user = decoded(colon < 0 ? userinfo : userinfo.slice(0, colon), url);
  const password = colon < 0 ? undefined : decoded(userinfo.slice(colon + 1), url);
  return {
    ...(user === "" ? {} : { username: user }),
    ...(password === undefined || password === "" ? {} : { password }),
  };
}

/** A percent-encoded user or password, decoded; a bad escape is the URL's error. */
function decoded(text: string, url: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    throw new Error(
      `${CLUSTER_FORM}, with special characters percent-encoded (got ${displayRedisUrl(url)}: a bad %-escape in the user or password)`,
    );
  }
}

function clusterNode(text: string, url: string): ClusterNode {
  const match = /^(\[[0-9a-fA-F:.]+\]|[^:/?#[\]@]+):(\d{1,5})$/.exec(text.trim());
  const port = Number(match?.[2]);
  if (!match?.[1] || port < 1 || port > 65535) {
    throw new Error(`${CLUSTER_FORM} (got ${displayRedisUrl(url)}: "${text}" is not host:port)`);
  }
  return { host: match[1].replace(/^\[|\]$/g, ""), port };
}

/** The queue's name as keel stores it: on a cluster, hash-tagged (`{name}`) unless it has a tag. */
export function storedQueueName(endpoint: RedisEndpoint, queue: string): string {
  if (endpoint.kind === "single" || hasHashTag(queue)) return queue;
  return `{${queue}}`;
}

/** Redis Cluster's rule: the key's first "{" followed, later, by a "}" with something between. */
function hasHashTag(name: string): boolean {
  return /^[^{]*\{[^}]+\}/.test(name);
}

/** The URL as people see it in messages: a password in it replaced by `***`. */
export function displayRedisUrl(url: string): string {
  const scheme = /^[a-z+]+:\/\//i.exec(url)?.[0];
  const rest = scheme ? url.slice(scheme.length) : url;
  const at = rest.lastIndexOf("@");
  if (!scheme || at < 0) return url;
  const userinfo = rest.slice(0, at);
  const colon = userinfo.indexOf(":");
  if (colon < 0 || colon === userinfo.length - 1) return url;
  return `${scheme}${userinfo.slice(0, colon)}:***${rest.slice(at)}`;
}
