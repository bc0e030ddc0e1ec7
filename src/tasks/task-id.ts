import { randomBytes } from "node:crypto";
import { newShellTaskId, type RandomBytes } from "../tools/background/task-id.js";

export { newShellTaskId };

const ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyz";

/** A new id for a background agent: "a" and eight characters of [0-9a-z], like shells' "b…". */
export function newAgentTaskId(random: RandomBytes = randomBytes): string {
  const bytes = random(8);
  let id = "a";
  for (const byte of bytes) id += ALPHABET[byte % ALPHABET.length];
  return id;
}
