import { createHash } from "node:crypto";

/** The characters of real Anthropic ids after their `_01` (base58: no 0, O, I or l). */
const BASE58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";

function digest(seed: string): Buffer {
  return createHash("sha256").update(seed).digest();
}

/**
 * An id shaped like the API's (`toolu_01…`, `msg_01…`, `req_01…`: 22 base58 characters after
 * `_01`), derived from a seed so that a scenario replays identically every time.
 */
export function stableId(prefix: string, seed: string): string {
  const bytes = digest(`${prefix}:${seed}`);
  let tail = "";
  for (let i = 0; i < 22; i++) tail += BASE58[bytes[i]! % BASE58.length];
  return `${prefix}_01${tail}`;
}

/**
 * A thinking signature shaped like the API's (a long base64 blob), derived from the thinking
 * text: scenarios need not spell one out, and the same text always gets the same signature.
 */
export function plausibleSignature(thinking: string): string {
  const parts: Buffer[] = [Buffer.from([0x12, 0xac, 0x02, 0x0a, 0x46, 0x08, 0x04, 0x18, 0x02])];
  for (let round = 0; round < 6; round++) parts.push(digest(`signature:${round}:${thinking}`));
  return Buffer.concat(parts).toString("base64");
}

/**
 * A web search result's `encrypted_content` shaped like the API's (an opaque base64 blob),
 * derived from the page's address: the same page always gets the same blob.
 */
export function plausibleEncryptedContent(url: string): string {
  const parts: Buffer[] = [Buffer.from([0x12, 0xfd, 0x03, 0x0a, 0x2a, 0x08, 0x03, 0x18, 0x02])];
  for (let round = 0; round < 4; round++) parts.push(digest(`web_search_result:${round}:${url}`));
  return Buffer.concat(parts).toString("base64");
}

/** A UUID-shaped id (Amazon's request ids), derived from a seed like `stableId`. */
export function stableUuid(seed: string): string {
  const hex = digest(`uuid:${seed}`).toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
