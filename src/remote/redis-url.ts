import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { z } from "zod";
import { keelStateDir } from "../config/paths.js";
import { parseSettingsJson } from "../config/settings/read-file.js";
import { isMissingPathError } from "../tools/builtin/file-paths.js";
import { parseRedisEndpoint, REDIS_URL_PATTERN } from "./redis-endpoint.js";

export { displayRedisUrl } from "./redis-endpoint.js";

/** The one line shown when no Redis is configured. */
export const NO_REDIS_MESSAGE =
  "no Redis configured for remote agents: pass --redis redis://host:6379 (redis+cluster://host:port,… for a Redis Cluster), set KEEL_REDIS_URL, or set remoteWorkers.redisUrl in ~/.keel/settings.json (docs/scale.md)";

const keelSettingsSchema = z.object({
  remoteWorkers: z
    .object({ redisUrl: z.string().regex(REDIS_URL_PATTERN) })
    .partial()
    .optional(),
});

/** `remoteWorkers.redisUrl` from keel's own settings file, if set; a bad file is an error. */
async function settingsRedisUrl(env: Readonly<Record<string, string | undefined>>) {
  const path = join(keelStateDir(env), "settings.json");
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    if (isMissingPathError(error)) return undefined;
    throw error;
  }
  const read = parseSettingsJson(text);
  if (read.kind === "unusable") throw new Error(`${path} ${read.why}`);
  const parsed = keelSettingsSchema.safeParse(read.value);
  if (!parsed.success) {
    throw new Error(
      `${path}: remoteWorkers.redisUrl must be a redis://, rediss://, redis+cluster:// or rediss+cluster:// URL`,
    );
  }
  return parsed.data.remoteWorkers?.redisUrl;
}

/**
 * The Redis URL: the flag, else KEEL_REDIS_URL, else keel's settings; undefined when none. A
 * URL keel cannot use (a bad cluster node list, another scheme) is an error here, before any
 * connection.
 */
export async function resolveRedisUrl(
  flag: string | undefined,
  env: Readonly<Record<string, string | undefined>>,
): Promise<string | undefined> {
  const url = flag ?? env.KEEL_REDIS_URL?.trim() ?? (await settingsRedisUrl(env));
  if (!url) return undefined;
  parseRedisEndpoint(url);
  return url;
}
