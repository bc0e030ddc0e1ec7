import { z } from "zod";

/** Length of the common prefix of two strings. */
export function commonPrefix(a: string, b: string): number {
  const limit = Math.min(a.length, b.length);
  let i = 0;
  while (i < limit && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  return i;
}

const bodySchema = z.looseObject({
  tools: z.unknown().optional(),
  system: z.unknown().optional(),
  messages: z.unknown(),
});

/** Leaves out cache_control markers: they move to the newest message every turn by design. */
const withoutMarkers = (key: string, value: unknown) =>
  key === "cache_control" ? undefined : value;

/**
 * A request's content in the order the API caches a prompt (tools, then system, then
 * messages), without cache_control markers, so the prefix it shares with the previous request
 * is what a prompt cache could reuse.
 */
export function cacheOrder(body: Buffer): string {
  const parsed = bodySchema.parse(JSON.parse(body.toString("utf8")));
  return [parsed.tools, parsed.system, parsed.messages]
    .map((part) => JSON.stringify(part ?? null, withoutMarkers))
    .join("\n");
}

/**
 * For each request after the first: the share of the previous request that it repeats as its
 * own prefix (1 when a request only appends to the one before).
 */
export function prefixShares(texts: readonly string[]): number[] {
  const shares: number[] = [];
  for (let i = 1; i < texts.length; i++) {
    shares.push(commonPrefix(texts[i - 1]!, texts[i]!) / texts[i - 1]!.length);
  }
  return shares;
}
