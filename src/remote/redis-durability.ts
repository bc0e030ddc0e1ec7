import type { RedisConnection } from "./redis-connection.js";

/**
 * What keeps a Redis from promising "nothing lost" (docs/scale.md): AOF off, or an eviction
 * policy other than noeviction (BullMQ's keys could be evicted). Empty when all is well; one
 * line saying it could not check when CONFIG is not allowed (managed Redis often refuses it).
 */
export async function durabilityWarnings(redis: RedisConnection): Promise<string[]> {
  let appendonly: unknown;
  let policy: unknown;
  try {
    appendonly = await redis.config("GET", "appendonly");
    policy = await redis.config("GET", "maxmemory-policy");
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    return [`could not check Redis's persistence settings (${why}); see docs/scale.md`];
  }
  const warnings: string[] = [];
  if (configValue(appendonly) !== "yes") {
    warnings.push(
      "Redis runs without AOF (appendonly no): a Redis restart can lose tasks; see docs/scale.md",
    );
  }
  const eviction = configValue(policy);
  if (eviction !== "noeviction") {
    warnings.push(
      `Redis's maxmemory-policy is ${eviction ?? "unknown"}, not noeviction: tasks can be evicted; see docs/scale.md`,
    );
  }
  return warnings;
}

/** The value of a CONFIG GET reply ([name, value]). */
function configValue(reply: unknown): string | undefined {
  return Array.isArray(reply) && typeof reply[1] === "string" ? reply[1] : undefined;
}
