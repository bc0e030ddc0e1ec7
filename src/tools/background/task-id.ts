import { randomBytes } from "node:crypto";

/** Random bytes; injected so tests can make ids predictable. */
export type RandomBytes = (size: number) => Uint8Array;

const ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyz";
const ID_LENGTH = 8;

/**
 * A new id for a background shell, shaped like Claude Code's: "b" (for local_bash) and eight
 * characters of [0-9a-z] from a cryptographic source, e.g. "b4k0x9z2m".
 */
export function newShellTaskId(random: RandomBytes = randomBytes): string {
  const bytes = random(ID_LENGTH);
  let id = "b";
  for (let i = 0; i < ID_LENGTH; i++) id += ALPHABET[(bytes[i] ?? 0) % ALPHABET.length];
  return id;
}
