import { Cluster, type ClusterOptions, Redis, type RedisOptions } from "ioredis";
import { parseRedisEndpoint, type RedisEndpoint, storedQueueName } from "./redis-endpoint.js";

/** A connection to keel's Redis: one server, or a Redis Cluster (the same commands). */
export type RedisConnection = Redis | Cluster;

/**
 * "patient" (workers, batches, watchers): retries for ever, riding out a Redis restart.
 * "fail-fast" (`keel ps`, `logs`, `kill`): one try, connected by connect(), so a command says
 * at once that Redis cannot be reached.
 */
type ConnectMode = "patient" | "fail-fast";

/** Per-server options; BullMQ blocks on queues, so no per-request retry limit. */
function serverOptions(mode: ConnectMode): RedisOptions {
  return mode === "patient"
    ? { maxRetriesPerRequest: null }
    : { maxRetriesPerRequest: null, retryStrategy: () => null, connectTimeout: 3000 };
}

function clusterOptions(endpoint: Extract<RedisEndpoint, { kind: "cluster" }>, mode: ConnectMode) {
  const options: ClusterOptions = {
    lazyConnect: mode === "fail-fast",
    redisOptions: {
      ...serverOptions(mode),
      ...(endpoint.username === undefined ? {} : { username: endpoint.username }),
      ...(endpoint.password === undefined ? {} : { password: endpoint.password }),
      ...(endpoint.tls ? { tls: {} } : {}),
    },
  };
  if (mode === "fail-fast") options.clusterRetryStrategy = () => null;
  return options;
}

/** Connects to the Redis the URL names (a `redis+cluster://` URL gives a cluster client). */
export function connectRedis(url: string, mode: ConnectMode = "patient"): RedisConnection {
  const endpoint = parseRedisEndpoint(url);
  if (endpoint.kind === "cluster") {
    return new Cluster(endpoint.nodes, clusterOptions(endpoint, mode));
  }
  return new Redis(url, { ...serverOptions(mode), lazyConnect: mode === "fail-fast" });
}

/**
 * The queue's name in this Redis: on a cluster, every key of a queue (BullMQ's `bull:<name>:…`
 * and keel's `keel:<name>:…`) must share a hash slot, so an untagged name becomes `{name}`.
 */
export function queueNameFor(url: string, queue: string): string {
  return storedQueueName(parseRedisEndpoint(url), queue);
}
