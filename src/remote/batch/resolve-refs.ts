import { isAbsolute, resolve } from "node:path";
import { git } from "../git-run.js";
import type { BatchTask } from "./batch-task.js";

/** A repository as workers clone it, and the commit a task starts from. */
export interface ResolvedSource {
  url: string;
  commit: string;
}

/** Whether a repository is a URL (scheme://… or user@host:path) rather than a local path. */
function isUrl(repository: string): boolean {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(repository) || /^[\w.-]+@[\w.-]+:/.test(repository);
}

/** The repository as workers clone it: a URL as written, a path made absolute from `baseDir`. */
export function repositoryUrl(repository: string, baseDir: string): string {
  if (isUrl(repository) || isAbsolute(repository)) return repository;
  return resolve(baseDir, repository);
}

const sourceKey = (url: string, ref: string) => `${url}\0${ref}`;

/** The commit `git ls-remote` gives for a ref (a tag's commit, not the tag object). */
function pickCommit(listing: string, ref: string): string | undefined {
  const rows = listing
    .split("\n")
    .map((line) => line.split("\t"))
    .filter((row): row is [string, string] => row.length === 2);
  const names = [ref, `refs/heads/${ref}`, `refs/tags/${ref}`, `refs/${ref}`];
  for (const name of names) {
    const peeled = rows.find(([, refName]) => refName === `${name}^{}`);
    const plain = rows.find(([, refName]) => refName === name);
    const row = peeled ?? plain;
    if (row) return row[0];
  }
  return undefined;
}

async function resolveOne(url: string, ref: string): Promise<string> {
  if (/^[0-9a-f]{40}$/.test(ref)) return ref;
  let listing: string;
  try {
    listing = await git(process.cwd(), ["ls-remote", "--", url, ref]);
  } catch (error) {
    throw new Error(`cannot read ${url}: ${error instanceof Error ? error.message : error}`);
  }
  const commit = pickCommit(listing, ref);
  if (!commit) throw new Error(`${url} has no ref "${ref}"`);
  return commit;
}

/** Each task's source, or every repository and ref that could not be resolved. */
export type ResolvedSources =
  | { kind: "resolved"; sources: Map<string, ResolvedSource> }
  | { kind: "invalid"; problems: string[] };

/**
 * Resolves every task's repository and ref to a commit (once per distinct pair, a few at a
 * time), so all the batch's tasks of a ref start from the same commit however long it runs.
 */
export async function resolveSources(
  tasks: readonly BatchTask[],
  baseDir: string,
): Promise<ResolvedSources> {
  const pairs = new Map<string, { url: string; ref: string; firstId: string }>();
  for (const task of tasks) {
    const url = repositoryUrl(task.repository, baseDir);
    const key = sourceKey(url, task.ref);
    if (!pairs.has(key)) pairs.set(key, { url, ref: task.ref, firstId: task.id });
  }
  const commits = new Map<string, string>();
  const problems: string[] = [];
  const queue = [...pairs.entries()];
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const [key, { url, ref, firstId }] = next;
      try {
        commits.set(key, await resolveOne(url, ref));
      } catch (error) {
        const why = error instanceof Error ? error.message : String(error);
        problems.push(`task "${firstId}" (and any other with the same repository and ref): ${why}`);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(8, queue.length) }, worker));
  if (problems.length > 0) return { kind: "invalid", problems: problems.sort() };
  const sources = new Map<string, ResolvedSource>();
  for (const task of tasks) {
    const url = repositoryUrl(task.repository, baseDir);
    const commit = commits.get(sourceKey(url, task.ref));
    if (commit) sources.set(task.id, { url, commit });
  }
  return { kind: "resolved", sources };
}
