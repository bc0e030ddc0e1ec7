import { dirname, resolve } from "node:path";
import type { FileSystemView } from "./file-system.js";

/**
 * Configuration keys with which git runs a program of the configuration's choosing during
 * commands that only read (fsmonitor on status, textconv and external diffs on diff and log,
 * clean/smudge filters, pagers), or pulls in another file. Section and key are lower case;
 * a subsection reads as `*`.
 */
const RUNS_CODE = [
  /^core\.(fsmonitor|pager|editor|sshcommand|askpass|gitproxy|hookspath|alternaterefscommand)$/,
  /^pager\./,
  /^sequence\.editor$/,
  /^diff\.(external|\*\.(textconv|command))$/,
  /^filter\.\*\.(clean|smudge|process)$/,
  /^merge\.\*\.driver$/,
  /^gpg(\.\*)?\.program$/,
  /^credential(\.\*)?\.helper$/,
  /^include\.path$/,
  /^includeif\.\*\.path$/,
  /^alias\./,
  /^uploadpack\.packobjectshook$/,
  /^remote\.\*\.(uploadpack|receivepack)$/,
  /^(difftool|mergetool)\.\*\.cmd$/,
  /^(web\.browser|browser\.\*\.cmd|man\.\*\.cmd)$/,
  /^interactive\.difffilter$/,
  /^submodule\.\*\.update$/,
];

/** A value of core.fsmonitor that is not a program (git's own daemon, or off). */
const FSMONITOR_OFF = /^(true|false|yes|no|on|off|0|1)?$/i;

/**
 * Why git, started in `folder`, would take a configuration that can run code: the repository
 * it finds (a `.git` folder or file, or a bare repository, which a command could have made)
 * has such a key in its config. Undefined when it has none or no repository is found.
 */
export function gitConfigProblem(folder: string, fs: FileSystemView): string | undefined {
  const gitDir = findGitDir(folder, fs);
  if (!gitDir) return undefined;
  const files = [`${gitDir}/config`, `${gitDir}/config.worktree`];
  const common = fs.text(`${gitDir}/commondir`)?.trim();
  if (common) files.push(`${resolve(gitDir, common)}/config`);
  for (const file of files) {
    const key = codeRunningKey(fs.text(file));
    if (key) return `${file} sets ${key}, which can make git run a program`;
  }
  return undefined;
}

/** The git folder of the repository git would find from `folder`, as git discovers it. */
function findGitDir(start: string, fs: FileSystemView): string | undefined {
  for (let folder = start; ; folder = dirname(folder)) {
    const dotGit = `${folder}/.git`;
    const kind = fs.entry(dotGit);
    if (kind === "directory" || kind === "symlink") return dotGit;
    if (kind === "file") {
      const pointer = /^gitdir:\s*(.+?)\s*$/m.exec(fs.text(dotGit) ?? "")?.[1];
      return pointer ? resolve(folder, pointer) : undefined;
    }
    if (looksLikeGitDir(folder, fs)) return folder;
    if (folder === dirname(folder)) return undefined;
  }
}

function looksLikeGitDir(folder: string, fs: FileSystemView): boolean {
  return (
    fs.entry(`${folder}/HEAD`) !== undefined &&
    fs.entry(`${folder}/objects`) === "directory" &&
    fs.entry(`${folder}/refs`) === "directory"
  );
}

/** The first key of a git config text that can run code (a minimal reader of git's format). */
function codeRunningKey(text: string | undefined): string | undefined {
  if (!text) return undefined;
  let section = "";
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    if (line === "" || line.startsWith("#") || line.startsWith(";")) continue;
    const header = /^\[\s*([^\s\]"]+)(\s+"(?:[^"\\]|\\.)*")?\s*\](.*)$/.exec(line);
    let body = line;
    if (header) {
      // A subsection (`[diff "x"]`) reads as `*`, so patterns need not know its name.
      const [name = "", old] = (header[1] ?? "").toLowerCase().split(/\.(.*)/s);
      section = `${name}${header[2] === undefined && old === undefined ? "" : ".*"}`;
      body = (header[3] ?? "").trim();
      if (body === "" || body.startsWith("#") || body.startsWith(";")) continue;
    }
    const assignment = /^([A-Za-z][A-Za-z0-9-]*)\s*(?:=\s*(.*))?$/.exec(body);
    if (!assignment) return `a line git may read differently (${line.slice(0, 40)})`;
    const key = `${section}.${(assignment[1] ?? "").toLowerCase()}`;
    const value = (assignment[2] ?? "").replace(/^"|"$/g, "");
    if (key === "core.fsmonitor" && FSMONITOR_OFF.test(value)) continue;
    if (RUNS_CODE.some((pattern) => pattern.test(key))) return key;
  }
  return undefined;
}

/**
 * Where git finds its repository from `start`: the work tree's top (the folder holding `.git`,
 * or a bare repository's own folder) and the git folder. Undefined outside any repository.
 */
export function findRepository(
  start: string,
  fs: FileSystemView,
): { top: string; gitDir: string } | undefined {
  const gitDir = findGitDir(start, fs);
  if (!gitDir) return undefined;
  return { top: gitDir.endsWith("/.git") ? dirname(gitDir) : gitDir, gitDir };
}
