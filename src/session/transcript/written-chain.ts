import { readFileSync } from "node:fs";
import { CHAIN_TYPES, TOMBSTONE } from "./envelope.js";

/** What a transcript file already holds, as far as appending to it is concerned. */
export interface WrittenChain {
  /** Uuids of the chain messages in the file (appending one of them again is a no-op). */
  uuids: Set<string>;
  /** Each written message's parent, so removing the tail can fall back to what it followed. */
  parents: Map<string, string | null>;
  /** Messages a tombstone record removed. */
  removed: Set<string>;
  /** The last chain message in the file that is not removed; null when none. */
  lastUuid: string | null;
  /** False when the file ends inside a line (cut off by a kill): the next line must start fresh. */
  endsAtLineEnd: boolean;
}

/** A chain with nothing written yet. */
export function emptyChain(endsAtLineEnd: boolean): WrittenChain {
  return {
    uuids: new Set(),
    parents: new Map(),
    removed: new Set(),
    lastUuid: null,
    endsAtLineEnd,
  };
}

/** The nearest message at or above `uuid` that is not removed (null when none is left). */
export function liveAncestor(
  uuid: string | null,
  parents: ReadonlyMap<string, string | null>,
  removed: ReadonlySet<string>,
): string | null {
  let current = uuid;
  const seen = new Set<string>();
  while (current !== null && removed.has(current) && !seen.has(current)) {
    seen.add(current);
    current = parents.get(current) ?? null;
  }
  return current;
}

function fieldsOf(line: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(line);
    return typeof value === "object" && value !== null
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    // A corrupt line is the reader's to report; here it simply adds nothing.
    return undefined;
  }
}

function addLine(chain: WrittenChain, line: string): void {
  const fields = fieldsOf(line);
  if (!fields || typeof fields.type !== "string" || typeof fields.uuid !== "string") return;
  if (fields.type === TOMBSTONE) chain.removed.add(fields.uuid);
  if (!CHAIN_TYPES.has(fields.type)) return;
  chain.uuids.add(fields.uuid);
  chain.parents.set(fields.uuid, typeof fields.parentUuid === "string" ? fields.parentUuid : null);
  chain.lastUuid = fields.uuid;
}

/** The chain messages of an existing transcript; an absent file holds none. */
export function readWrittenChain(path: string): WrittenChain {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return emptyChain(true);
    throw error;
  }
  const chain = emptyChain(text === "" || text.endsWith("\n"));
  for (const line of text.split("\n")) addLine(chain, line);
  chain.lastUuid = liveAncestor(chain.lastUuid, chain.parents, chain.removed);
  return chain;
}
