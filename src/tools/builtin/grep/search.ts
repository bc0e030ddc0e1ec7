import type { Jail } from "../bash/read-only-jail.js";
import { NewestFirst } from "../newest-first.js";
import { type RipgrepOutput, runRipgrep } from "../ripgrep.js";
import type { GrepMode } from "./input.js";
import type { GrepOutput } from "./output.js";

/** Where and how one Grep runs ripgrep. */
export interface GrepSearch {
  rgPath: string;
  args: string[];
  cwd: string;
  env: Readonly<Record<string, string | undefined>>;
  signal: AbortSignal;
  mode: GrepMode;
  offset: number;
  /** 0 means no limit. */
  headLimit: number;
  /** Output is never collected past this many characters (the result is spilled above its cap anyway). */
  maxCollectedChars: number;
  /** Rewrites or drops ripgrep's output lines (Grep's glob filter). */
  map?: (line: string) => string[];
  /** The read-only jail ripgrep runs in, if any (search-jail.ts). */
  jail?: Jail;
  /**
   * Files the search leaves out (Read deny rules). ripgrep's complaints about them are left
   * out too: in the jail they are unreadable, and their names are withheld like their lines.
   */
  withheld?: (path: string) => boolean;
}

/** One of ripgrep's complaints about a path: "rg: <path>: <reason> (os error <n>)". */
const PATH_ERROR = /^rg: (.*): [^:]*\(os error \d+\)$/;

/** The run without ripgrep's complaints about withheld files (all gone: no error at all). */
function withoutWithheld(run: RipgrepOutput, withheld: (path: string) => boolean): RipgrepOutput {
  const kept = run.stderr.split("\n").filter((line) => {
    const path = PATH_ERROR.exec(line)?.[1];
    return path === undefined || !withheld(path);
  });
  const stderr = kept.join("\n");
  if (run.exitCode !== 2 || stderr.trim() !== "") return { ...run, stderr };
  return { ...run, stderr, exitCode: run.lines.length > 0 ? 0 : 1 };
}

/** A ripgrep error that left no results: a bad pattern, glob or type, or an unreadable path. */
function failure(run: RipgrepOutput): Error {
  const message = run.stderr.trim() || `ripgrep exited with code ${run.exitCode}`;
  if (/regex parse error|error parsing regex|PCRE2/i.test(message)) {
    return new Error(`The pattern is not a valid regular expression. ripgrep said:\n${message}`);
  }
  return new Error(`Grep failed. ripgrep said:\n${message}`);
}

function warningOf(run: RipgrepOutput, maxChars: number, paged: boolean): string | undefined {
  if (run.exitCode === 2)
    return `some paths could not be searched: ${run.stderr.trim().split("\n")[0]}`;
  if (run.stoppedEarly && !paged) return `the results were cut after ${maxChars} characters`;
  return undefined;
}

/** A line map that also stats each listed file as ripgrep prints it (files_with_matches). */
function listedMap(
  listed: NewestFirst,
  map: ((line: string) => string[]) | undefined,
): (line: string) => string[] {
  return (line) => {
    const kept = map ? map(line) : [line];
    for (const path of kept) listed.add(path);
    return kept;
  };
}

/** The listed files newest first, without one the character budget turned away. */
function listedLines(listed: NewestFirst, run: RipgrepOutput): string[] {
  const sorted = listed.sorted();
  if (!run.stoppedEarly) return sorted;
  const kept = new Set(run.lines);
  return sorted.filter((path) => kept.has(path));
}

/** Runs the search and shapes one page of its results. */
export async function runGrepSearch(search: GrepSearch): Promise<GrepOutput> {
  // Content can be long: stop ripgrep once the page is full. Files and counts are one line
  // per file, so all are collected (for totals) and the page is cut here.
  const paged = search.mode === "content" && search.headLimit > 0;
  const listed = search.mode === "files_with_matches" ? new NewestFirst() : undefined;
  const map = listed ? listedMap(listed, search.map) : search.map;
  const raw = await runRipgrep({
    rgPath: search.rgPath,
    args: search.args,
    cwd: search.cwd,
    env: search.env,
    signal: search.signal,
    ...(paged ? { maxLines: search.offset + search.headLimit } : {}),
    maxChars: search.maxCollectedChars,
    ...(map ? { map } : {}),
    jail: search.jail,
  });
  const run = search.withheld ? withoutWithheld(raw, search.withheld) : raw;
  if (run.exitCode === 2 && run.lines.length === 0) throw failure(run);
  const warning = warningOf(run, search.maxCollectedChars, paged);
  const lines = listed ? listedLines(listed, run) : run.lines;
  const end = search.headLimit > 0 ? search.offset + search.headLimit : undefined;
  const page = lines.slice(search.offset, end);
  const more = end !== undefined && (lines.length > end || (paged && run.stoppedEarly));
  const base = { offset: search.offset, more, ...(warning ? { warning } : {}) };
  if (search.mode === "content") return { mode: "content", lines: page, ...base };
  if (search.mode === "files_with_matches") {
    return { mode: "files_with_matches", filenames: page, numFiles: lines.length, ...base };
  }
  const all = run.lines.map(parseCount);
  const numMatches = all.reduce((sum, c) => sum + c.count, 0);
  const counts = page.map(parseCount);
  return { mode: "count", counts, numFiles: all.length, numMatches, ...base };
}

/** One `path:count` line of `rg --count` (the count follows the last colon). */
export function parseCount(line: string): { path: string; count: number } {
  const colon = line.lastIndexOf(":");
  return { path: line.slice(0, colon), count: Number(line.slice(colon + 1)) };
}
