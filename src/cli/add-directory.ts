import { realpath, stat } from "node:fs/promises";
import { isAbsolute, relative, resolve, sep } from "node:path";
import type { HookEventFields } from "../hooks/hook-input.js";
import type { PermissionEngine } from "../policy/engine.js";

/** How a folder is added mid-session (DirectoryAdded's `source`, the matcher's value). */
export type AddDirectorySource = HookEventFields["DirectoryAdded"]["source"];

/** What adding a folder did: added (its real path), or refused with why. */
export type AddDirectoryOutcome =
  | { kind: "added"; directory: string }
  | { kind: "refused"; reason: string };

/** What adding a folder works on. */
interface AddDirectoryDeps {
  cwd: string;
  home: string;
  permissions: Pick<PermissionEngine, "workingFolders" | "addWorkingFolder">;
  /** The working folders the session started with (register_repo_root must be inside one). */
  startFolders: readonly string[];
  directoryAdded: (input: HookEventFields["DirectoryAdded"]) => Promise<void>;
}

/** `~`, `~/x`, relative (to the working folder) or absolute, as a person types it. */
function typedPath(path: string, deps: Pick<AddDirectoryDeps, "cwd" | "home">): string {
  if (path === "~") return deps.home;
  if (path.startsWith("~/")) return resolve(deps.home, path.slice(2));
  return resolve(deps.cwd, path);
}

function strictlyInside(parent: string, child: string): boolean {
  const rel = relative(parent, child);
  return rel !== "" && !rel.startsWith(`..${sep}`) && rel !== ".." && !isAbsolute(rel);
}

/** The folder's real path, or why it cannot be one. */
async function existingFolder(path: string): Promise<{ path: string } | { reason: string }> {
  try {
    const real = await realpath(path);
    if (!(await stat(real)).isDirectory()) return { reason: `${path} is not a folder` };
    return { path: real };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return { reason: code === "ENOENT" ? `${path} does not exist` : `${path}: ${String(error)}` };
  }
}

/**
 * Adds working folders for the rest of the session, then runs the DirectoryAdded hooks with
 * each one's absolute path. The SDK's register_repo_root takes only a strict subfolder of a
 * folder the session started with (Claude Code's rule); a folder already there is refused and
 * no hook runs. Claims are settled in the order requests arrive (the first of two requests for
 * one folder wins), while a claim's hooks never hold up the next claim.
 */
export function folderAdder(
  deps: AddDirectoryDeps,
): (path: string, source: AddDirectorySource) => Promise<AddDirectoryOutcome> {
  let claims: Promise<unknown> = Promise.resolve();
  return async (path, source) => {
    const claim = claims.then(() => claimFolder(path, source, deps));
    claims = claim.catch(() => undefined);
    const outcome = await claim;
    if (outcome.kind === "added")
      await deps.directoryAdded({ directory: outcome.directory, source });
    return outcome;
  };
}

async function claimFolder(
  path: string,
  source: AddDirectorySource,
  deps: AddDirectoryDeps,
): Promise<AddDirectoryOutcome> {
  if (path.trim() === "") return { kind: "refused", reason: "name the folder to add" };
  const found = await existingFolder(typedPath(path.trim(), deps));
  if ("reason" in found) return { kind: "refused", reason: found.reason };
  const directory = found.path;
  if (
    source === "register_repo_root" &&
    !deps.startFolders.some((f) => strictlyInside(f, directory))
  ) {
    const within = deps.startFolders.join(", ");
    return { kind: "refused", reason: `${directory} is not inside a working folder (${within})` };
  }
  if (!deps.permissions.addWorkingFolder(directory)) {
    return { kind: "refused", reason: `${directory} is already a working folder` };
  }
  return { kind: "added", directory };
}
