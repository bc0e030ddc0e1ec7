import { readdir, stat } from "node:fs/promises";
import { join } from "node:path";
import { projectDir } from "../config/paths.js";
import type { Message } from "../protocol/messages.js";
import {
  readTranscript,
  shownConversation,
  shownMessageCount,
  type TranscriptEntry,
} from "../session/transcript/index.js";
import { promptText } from "./prompt-text.js";

/** An earlier session of this project, as the /resume picker lists it. */
export interface SessionSummary {
  sessionId: string;
  /** The session's name (`-n`), else the transcript's summary record, else the first prompt. */
  title: string;
  /** The name given with `-n/--name`, when there is one. */
  name?: string;
  /** The first prompt typed in it ("" when none; when the title is a summary, it differs). */
  firstPrompt: string;
  modifiedMs: number;
  /** Prompts and replies in the conversation as it was shown (shownMessageCount). */
  messageCount: number;
}

/** The record type of a session's name (`-n/--name`, Claude Code's /rename). */
export const CUSTOM_TITLE = "custom-title";

/** The last name given to the session, if any. */
function nameOf(entries: readonly TranscriptEntry[]): string | undefined {
  for (let i = entries.length - 1; i >= 0; i--) {
    const entry = entries[i];
    if (entry?.kind === "record" && entry.record.type === CUSTOM_TITLE) {
      const text = entry.record.customTitle;
      if (typeof text === "string" && text.trim() !== "") return text;
    }
  }
  return undefined;
}

function summaryOf(entries: readonly TranscriptEntry[]): string | undefined {
  for (let i = entries.length - 1; i >= 0; i--) {
    const entry = entries[i];
    if (entry?.kind === "record" && entry.record.type === "summary") {
      const text = entry.record.summary;
      if (typeof text === "string" && text.trim() !== "") return text;
    }
  }
  return undefined;
}

async function summarise(dir: string, name: string): Promise<SessionSummary | undefined> {
  const path = join(dir, name);
  try {
    const info = await stat(path);
    if (!info.isFile()) return undefined;
    // A line that does not parse is skipped here; resuming the session warns about it.
    const entries = await readTranscript(path, { onWarning: () => {} });
    // The whole conversation, compactions crossed: what resuming it shows and counts.
    const shown = shownConversation(entries);
    const count = shownMessageCount(shown);
    const messages = shown.flatMap((entry): Message[] =>
      entry.kind === "message" ? [entry.message] : [],
    );
    const first = messages.map(promptText).find((text) => text !== undefined);
    const given = nameOf(entries);
    const title = given ?? summaryOf(entries) ?? first;
    if (count === 0 || title === undefined) return undefined;
    return {
      sessionId: name.slice(0, -".jsonl".length),
      title,
      firstPrompt: first ?? "",
      ...(given === undefined ? {} : { name: given }),
      modifiedMs: info.mtimeMs,
      messageCount: count,
    };
  } catch {
    // Removed or unreadable while listing: not offered.
    return undefined;
  }
}

/**
 * The project's sessions with a conversation, newest first, except the one running now.
 * Ties go to the greater id, so the order never depends on the directory listing.
 */
export async function listProjectSessions(
  stateDir: string,
  cwd: string,
  exceptId: string,
): Promise<SessionSummary[]> {
  const dir = projectDir(stateDir, cwd);
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return [];
  }
  const found = await Promise.all(
    names
      .filter((name) => name.endsWith(".jsonl") && name !== `${exceptId}.jsonl`)
      .map((name) => summarise(dir, name)),
  );
  return found
    .filter((s): s is SessionSummary => s !== undefined)
    .sort((a, b) => b.modifiedMs - a.modifiedMs || b.sessionId.localeCompare(a.sessionId));
}

/** Whether a session fits a `--resume <search term>`: its title, first prompt or id has it. */
export function matchesSearch(summary: SessionSummary, search: string): boolean {
  const term = search.trim().toLowerCase();
  if (term === "") return true;
  return [summary.title, summary.firstPrompt, summary.sessionId].some((text) =>
    text.toLowerCase().includes(term),
  );
}
