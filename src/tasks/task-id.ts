import { randomBytes } from "node:crypto";
import type { RandomBytes } from "../tools/background/task-id.js";

const ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyz";

/** A new id for a background agent: "a" and eight characters of [0-9a-z], like shells' "b…". */
export function newAgentTaskId(random: RandomBytes = randomBytes): string {
  return prefixedId("a", random);
}

/** A new id for a teammate: "t" and eight characters of [0-9a-z] (Claude Code's prefix). */
export function newTeammateTaskId(random: RandomBytes = randomBytes): string {
  return prefixedId("t", random);
}

function prefixedId(prefix: string, random: RandomBytes): string {
  let id = prefix;
  for (const byte of random(8)) id += ALPHABET[byte % ALPHABET.length];
  return id;
}
