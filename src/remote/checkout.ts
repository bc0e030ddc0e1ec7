import { mkdir, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { git } from "./git-run.js";
import type { RemoteTask } from "./remote-task.js";

/** A fresh checkout of a task's base commit on branch keel/<task-id>. */
export interface Checkout {
  dir: string;
  branch: string;
  base: string;
}

/**
 * Clones the task's source into a new folder under the workspace (a repository URL, or the
 * bundle the submitter stored) and starts branch keel/<task-id> at its commit.
 */
export async function checkOut(
  task: RemoteTask,
  workspace: string,
  bundle: () => Promise<Buffer | null>,
): Promise<Checkout> {
  // The same path on every worker with the same workspace, so a resumed transcript's paths hold.
  const dir = join(workspace, task.taskId);
  await rm(dir, { recursive: true, force: true });
  await mkdir(workspace, { recursive: true });
  const from = task.source.kind === "git" ? task.source.url : await bundleFile(task, dir, bundle);
  await git(workspace, ["clone", "--quiet", "--no-checkout", from, dir]);
  // A bundle's commit sits under refs/keel/ (see git-source.ts), which clone does not fetch.
  if (task.source.kind === "bundle")
    await git(dir, ["fetch", "--quiet", "origin", "refs/keel/*:refs/keel/*"]);
  const branch = `keel/${task.taskId}`;
  await git(dir, ["checkout", "--quiet", "-b", branch, task.source.commit]);
  return { dir, branch, base: task.source.commit };
}

/** Writes the stored bundle beside the checkout folder (git clones from a file). */
async function bundleFile(task: RemoteTask, dir: string, bundle: () => Promise<Buffer | null>) {
  const bytes = await bundle();
  if (!bytes) throw new Error(`the bundle of task ${task.taskId} is no longer in Redis`);
  const file = `${dir}.bundle`;
  await writeFile(file, bytes);
  return file;
}

/** Commits whatever the session changed (nothing to commit is fine). */
export async function commitWork(checkout: Checkout, taskId: string): Promise<void> {
  await git(checkout.dir, ["add", "-A"]);
  const staged = await git(checkout.dir, ["diff", "--cached", "--name-only"]);
  if (staged.trim() === "") return;
  await git(checkout.dir, ["commit", "--quiet", "-m", `keel remote task ${taskId}`]);
}

/** Pushes the branch to the repository it came from; false when that cannot be done. */
export async function pushBranch(checkout: Checkout): Promise<boolean> {
  try {
    await git(checkout.dir, ["push", "--quiet", "origin", `${checkout.branch}:${checkout.branch}`]);
    return true;
  } catch {
    return false;
  }
}

/** The work as a patch against the base commit (stored when the branch cannot be pushed). */
export function workPatch(checkout: Checkout): Promise<string> {
  return git(checkout.dir, ["diff", "--binary", checkout.base, "HEAD"]);
}
