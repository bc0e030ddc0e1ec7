import { randomBytes } from "node:crypto";
import { appendFile, mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { type JournalEntry, journalLine, parseJournal, ReplayCursor } from "./workflow-journal.js";

const ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyz";
const RUN_ID = /^wr-[0-9a-z]{10}$/;

/** A new run id: "wr-" and ten characters of [0-9a-z]. */
export function newRunId(random: (size: number) => Buffer = randomBytes): string {
  let id = "wr-";
  for (const byte of random(10)) id += ALPHABET[byte % ALPHABET.length];
  return id;
}

/** A run's folder (contracts §3): `<session folder>/workflows/<run-id>/`. */
export interface RunFolder {
  runId: string;
  dir: string;
  /** The script this run ran: the model edits it and passes it back as `scriptPath`. */
  scriptPath: string;
  journalPath: string;
}

export function runFolder(sessionDir: string, runId: string): RunFolder {
  const dir = join(sessionDir, "workflows", runId);
  return {
    runId,
    dir,
    scriptPath: join(dir, "script.js"),
    journalPath: join(dir, "journal.jsonl"),
  };
}

/** Makes a new run's folder with its script saved in it. */
export async function createRunFolder(sessionDir: string, source: string): Promise<RunFolder> {
  const folder = runFolder(sessionDir, newRunId());
  await mkdir(folder.dir, { recursive: true });
  await writeFile(folder.scriptPath, source);
  return folder;
}

/**
 * The replay cursor of an earlier run of this session, from its journal; an id that is not a
 * run id, or a run this session does not have, is an error saying so.
 */
export async function readReplay(sessionDir: string, runId: string): Promise<ReplayCursor> {
  if (!RUN_ID.test(runId)) throw new Error(`resumeFromRunId "${runId}" is not a workflow run id`);
  const { journalPath } = runFolder(sessionDir, runId);
  const text = await readFile(journalPath, "utf8").catch(() => undefined);
  if (text === undefined) {
    throw new Error(`no workflow run ${runId} in this session (runs resume in their own session)`);
  }
  const parsed = parseJournal(text);
  if (!parsed.ok) throw new Error(`${journalPath}: ${parsed.message}`);
  return new ReplayCursor(parsed.entries);
}

/** Appends entries to a journal in order, each written before the next starts. */
export function journalAppender(path: string): (entry: JournalEntry) => Promise<void> {
  let last = Promise.resolve();
  return (entry) => {
    last = last.then(() => appendFile(path, journalLine(entry)));
    return last;
  };
}
