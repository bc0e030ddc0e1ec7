import { execFileSync } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { git } from "./git-run.js";

/** Where workers will get the code: the origin URL and commit, or a bundle of it. */
export type LocalSource =
  | { kind: "git"; url: string; commit: string }
  | { kind: "bundle"; commit: string; bundle: Buffer };

/**
 * The repository's origin URL and HEAD when origin already has that commit and nothing is
 * uncommitted; otherwise a bundle of HEAD (uncommitted changes committed into it on a
 * throwaway commit), refused above `maxBytes`.
 */
export async function localSource(cwd: string, maxBytes: number): Promise<LocalSource> {
  const head = (await git(cwd, ["rev-parse", "HEAD"])).trim();
  const url = await originUrl(cwd);
  const dirty = (await git(cwd, ["status", "--porcelain"])).trim() !== "";
  if (url && !dirty && (await originHas(cwd, head))) return { kind: "git", url, commit: head };
  const commit = dirty ? await snapshotCommit(cwd) : head;
  const bundle = await bundleOf(cwd, commit);
  if (bundle.length > maxBytes) {
    throw new Error(
      `the git bundle of this repository is ${bundle.length} bytes, over the ${maxBytes}-byte cap (KEEL_REMOTE_BUNDLE_MAX_BYTES); push your commits so workers can fetch them`,
    );
  }
  return { kind: "bundle", commit, bundle };
}

async function originUrl(cwd: string): Promise<string | undefined> {
  try {
    return (await git(cwd, ["remote", "get-url", "origin"])).trim() || undefined;
  } catch {
    return undefined;
  }
}

/** Whether a remote-tracking branch of origin contains the commit. */
async function originHas(cwd: string, commit: string): Promise<boolean> {
  const branches = await git(cwd, ["branch", "-r", "--contains", commit]);
  return branches.split("\n").some((line) => line.trim().startsWith("origin/"));
}

/** A commit of the working tree (tracked and untracked, ignoring .gitignore'd) on top of HEAD, refs untouched. */
async function snapshotCommit(cwd: string): Promise<string> {
  // A throwaway index, so the user's staging area is left as it was.
  const dir = await mkdtemp(join(tmpdir(), "keel-remote-index-"));
  const env = { GIT_INDEX_FILE: join(dir, "index") };
  try {
    await git(cwd, ["read-tree", "HEAD"], env);
    await git(cwd, ["add", "-A"], env);
    const tree = (await git(cwd, ["write-tree"], env)).trim();
    const message = "keel remote: uncommitted changes";
    return (await git(cwd, ["commit-tree", tree, "-p", "HEAD", "-m", message])).trim();
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A bundle of the commit's history under a temporary ref (bundles need a ref). */
async function bundleOf(cwd: string, commit: string): Promise<Buffer> {
  const ref = `refs/keel/remote-${process.pid}`;
  await git(cwd, ["update-ref", ref, commit]);
  try {
    return execFileSync("git", ["bundle", "create", "-", ref], {
      cwd,
      stdio: ["ignore", "pipe", "ignore"],
      maxBuffer: 1 << 30,
    });
  } finally {
    await git(cwd, ["update-ref", "-d", ref]);
  }
}
