import { execFile } from "node:child_process";
import { accessSync, constants, statSync } from "node:fs";
import { delimiter, dirname, isAbsolute, join } from "node:path";

/**
 * What a read-only jail is made of: a Bash command's, or a search's rooted outside the
 * working folders.
 */
export interface Jail {
  bwrap: string;
  /**
   * Folders (or files) the program may need that the jail's fresh /tmp and /dev would hide
   * (working folders, the program's, PATH's): mounted back read-only.
   */
  keep: readonly string[];
  /** Folders it must write (the Bash tool's session folder, where the shell reports its folder). */
  writable: readonly string[];
  /** Paths Read deny rules cover: empty folders and files in the jail. */
  hidden: readonly string[];
}

/** What a read-only Bash command's jail is made of: a jail and the shell started in it. */
export interface JailPlan extends Jail {
  /** The shell, as a file (bwrap would report a missing one only as an exit code). */
  shell: string;
}

const found = new Map<string, string | undefined>();

function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * The file a program name runs (a path as given, a bare name from the session's PATH), if
 * there is one; looked up once per name and PATH.
 */
export function programOnPath(name: string, path: string | undefined): string | undefined {
  if (name.includes("/")) return executable(name) ? name : undefined;
  const key = `${name}\0${path ?? ""}`;
  if (found.has(key)) return found.get(key);
  const dirs = (path ?? "").split(delimiter).filter((dir) => dir !== "");
  const file = dirs.map((dir) => join(dir, name)).find(executable);
  found.set(key, file);
  return file;
}

const MASKED = ["/tmp", "/dev"];

function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

function exists(path: string): boolean {
  try {
    statSync(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * bubblewrap's arguments for a jail in which nothing can be changed: the whole file system
 * read-only, a fresh /dev (its null and tty work) and a private /tmp, no network, and the
 * paths Read deny rules cover hidden. Working folders under /tmp or /dev are mounted back
 * read-only; the session folder stays writable for the shell's folder report.
 */
export function jailArgs(plan: Jail): string[] {
  const args = ["--ro-bind", "/", "/", "--dev", "/dev", "--tmpfs", "/tmp"];
  args.push("--unshare-net", "--unshare-ipc", "--unshare-uts", "--die-with-parent");
  const masked = (path: string) => MASKED.some((top) => path === top || path.startsWith(`${top}/`));
  for (const folder of new Set(plan.keep)) {
    if (masked(folder) && exists(folder)) args.push("--ro-bind", folder, folder);
  }
  for (const folder of new Set(plan.writable)) args.push("--bind", folder, folder);
  for (const path of new Set(plan.hidden)) {
    if (!exists(path)) continue;
    if (isFolder(path)) args.push("--tmpfs", path, "--remount-ro", path);
    else args.push("--ro-bind", "/dev/null", path);
  }
  return args;
}

const probes = new Map<string, Promise<boolean>>();

/**
 * Whether this bwrap can make a jail here, tried once per binary: an installed bubblewrap
 * may still be refused its namespaces (unprivileged user namespaces turned off, as on some
 * Ubuntu releases). Without a working jail, commands run as they would with none.
 */
export function jailWorks(bwrap: string): Promise<boolean> {
  let probe = probes.get(bwrap);
  if (!probe) {
    const args = [...jailArgs({ bwrap, keep: [], writable: [], hidden: [] }), "--", "true"];
    probe = new Promise((resolve) => {
      execFile(bwrap, args, { timeout: 10_000 }, (error) => resolve(error === null));
    });
    probes.set(bwrap, probe);
  }
  return probe;
}

/** What decides whether a Bash command runs jailed, and what its jail keeps. */
export interface JailRequest {
  /** "read-only": commands the verdict allows; "everything": a test switch; "off": none. */
  mode: "read-only" | "off" | "everything";
  /** The session's PATH (bwrap and the shell are looked up on it). */
  path: string | undefined;
  shell: string;
  /** The read-only verdict for the command (asked only when it matters). */
  readOnly: () => boolean;
  /** Working folders and the shell's folder, which must stay readable. */
  keep: readonly string[];
  writable: readonly string[];
  hidden: () => string[];
}

/** The jail a command runs in, or undefined when it runs without one. */
export async function jailFor(request: JailRequest): Promise<JailPlan | undefined> {
  const bwrap = request.mode === "off" ? undefined : programOnPath("bwrap", request.path);
  const shell = programOnPath(request.shell, request.path);
  if (!bwrap || !shell || !(await jailWorks(bwrap))) return undefined;
  if (request.mode === "read-only" && !request.readOnly()) return undefined;
  return {
    bwrap,
    shell,
    // The shell and the programs on PATH must stay reachable (a checkout under /tmp, say).
    keep: [...request.keep, dirname(shell), ...(request.path ?? "").split(":").filter(isAbsolute)],
    writable: request.writable,
    hidden: request.hidden(),
  };
}
