import { isAbsolute } from "node:path";
import { programFile, steersCode } from "./environment.js";
import { type FileSystemView, isInside, physicalPath } from "./file-system.js";
import { gitConfigProblem } from "./git-repository.js";
import type { PathAccess, ShellEffects } from "./types.js";

/** Where a read-only command may look, and the environment it runs in. */
export interface ReadOnlyScope {
  /** The folders every path must stay inside (working folders, keel's state folder). */
  folders: readonly string[];
  /** The environment bash runs with. */
  env: Readonly<Record<string, string | undefined>>;
  /** Variables the project's settings set: never trusted for a read-only verdict. */
  projectEnv: readonly string[];
  fs: FileSystemView;
}

/** Whether a command line only reads inside the folders, and if not, why. */
export type ReadOnlyVerdict = { readOnly: true } | { readOnly: false; reason: string };

/**
 * The read-only verdict (contracts §6): every program on keel's read-only list with options
 * its grammar knows, nothing computed at run time, nothing written, every path (after glob
 * expansion, followed through links, from every folder the shell may be in) inside the
 * folders, and a clean environment: the programs resolve outside the folders, the project's
 * settings set nothing that steers code, and git would read no configuration that runs code.
 */
export function readOnlyVerdict(effects: ShellEffects, scope: ReadOnlyScope): ReadOnlyVerdict {
  const reason = firstProblem(effects, scope);
  return reason === undefined ? { readOnly: true } : { readOnly: false, reason };
}

function firstProblem(effects: ShellEffects, scope: ReadOnlyScope): string | undefined {
  const stated =
    effects.notReadOnly[0] ??
    effects.opaque[0] ??
    effects.unresolvedReads[0]?.reason ??
    effects.unresolvedWrites[0]?.reason ??
    (effects.writes[0] ? `it writes ${effects.writes[0].text}` : undefined);
  if (stated) return stated;
  const steering = scope.projectEnv.find(steersCode);
  if (steering) return `the project's settings set ${steering}, which can change what programs do`;
  const folders = scope.folders.map((folder) => physicalPath(folder, scope.fs));
  const outside = effects.reads.find((read) => !staysInside(read, folders));
  if (outside) return `${outside.text} is outside the working folders`;
  return programProblem(effects, folders, scope);
}

function staysInside(read: PathAccess, folders: readonly string[]): boolean {
  return read.paths.every(
    (path) =>
      folders.some((folder) => isInside(path.real, folder)) &&
      folders.some((folder) => isInside(path.written, folder) || isInside(path.real, folder)),
  );
}

/** A program that resolves inside the folders, or a git that would run configured code. */
function programProblem(
  effects: ShellEffects,
  folders: readonly string[],
  scope: ReadOnlyScope,
): string | undefined {
  const pathIsSafe = (scope.env.PATH ?? "")
    .split(":")
    .every(
      (entry) =>
        isAbsolute(entry) &&
        !folders.some((folder) => isInside(physicalPath(entry, scope.fs), folder)),
    );
  for (const run of effects.runs) {
    const name = run.name;
    if (name === undefined) return `${run.text} runs a program keel cannot name`;
    for (const cwd of run.cwds) {
      const file = pathIsSafe ? undefined : programFile(name, cwd, scope.env, scope.fs);
      if (file !== undefined && folders.some((folder) => isInside(file, folder))) {
        return `${name} would run ${file}, inside the working folders`;
      }
      const git = name === "git" ? gitConfigProblem(cwd, scope.fs) : undefined;
      if (git) return git;
    }
    if (run.cwds.length === 0) return `${run.text} runs in a folder keel cannot know`;
  }
  return undefined;
}
