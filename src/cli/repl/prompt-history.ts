/** Walking through earlier prompts with ↑/↓, keeping what was being typed. */
export interface HistoryWalk {
  /** Earlier prompts, oldest first. */
  entries: readonly string[];
  /** Which entry is shown; entries.length means the draft. */
  index: number;
  /** What was typed before walking into the history. */
  draft: string;
}

/** A walk that starts at the draft. */
export function startWalk(entries: readonly string[]): HistoryWalk {
  return { entries, index: entries.length, draft: "" };
}

/** Steps one entry back or forward; returns the new walk and the text to show, if it moved. */
export function stepWalk(
  walk: HistoryWalk,
  direction: "previous" | "next",
  current: string,
): { walk: HistoryWalk; text: string } | undefined {
  const index = direction === "previous" ? walk.index - 1 : walk.index + 1;
  if (index < 0 || index > walk.entries.length) return undefined;
  const draft = walk.index === walk.entries.length ? current : walk.draft;
  const text = index === walk.entries.length ? draft : (walk.entries[index] ?? "");
  return { walk: { ...walk, index, draft }, text };
}

/** The walk after a prompt was sent: the prompt joins the entries, the walk restarts. */
export function recordInWalk(walk: HistoryWalk, prompt: string): HistoryWalk {
  const entries = walk.entries.at(-1) === prompt ? walk.entries : [...walk.entries, prompt];
  return startWalk(entries);
}
