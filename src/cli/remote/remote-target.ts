import { resolveRedisUrl } from "../../remote/redis-url.js";
import { DEFAULT_REMOTE_QUEUE } from "../../remote/remote-task.js";
import type { RemoteTarget } from "../../remote/submit-from-repo.js";
import { positiveEnvInt } from "./keel-self.js";

/** The bundle cap when KEEL_REMOTE_BUNDLE_MAX_BYTES does not set one. */
const DEFAULT_BUNDLE_CAP = 50 * 1024 * 1024;

/**
 * Where this keel submits remote tasks: the Redis (KEEL_REDIS_URL, else
 * `remoteWorkers.redisUrl`), the queue (KEEL_REMOTE_QUEUE) and the bundle cap; undefined when
 * no Redis is configured.
 */
export async function remoteTarget(
  env: Readonly<Record<string, string | undefined>>,
): Promise<RemoteTarget | undefined> {
  const redisUrl = await resolveRedisUrl(undefined, env);
  if (!redisUrl) return undefined;
  return {
    redisUrl,
    queue: env.KEEL_REMOTE_QUEUE || DEFAULT_REMOTE_QUEUE,
    maxBundleBytes: positiveEnvInt(env, "KEEL_REMOTE_BUNDLE_MAX_BYTES", DEFAULT_BUNDLE_CAP),
  };
}
