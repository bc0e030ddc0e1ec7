import { join } from "node:path";
import { protectedPathReason } from "../tools/builtin/file-io/protected-paths.js";
import { isWithinFolder } from "../tools/builtin/file-paths.js";
import { worktreesRoot } from "../worktree/worktrees-folder.js";
import type { CallSubject, TouchedFile } from "./call-subject.js";
import type { PathForms } from "./real-paths.js";

/**
 * Why writing this path always needs a person, in every mode, if it does: .git/, .claude/,
 * .keel/ and similar folders, shell start-up files, and keel's own state folder (save the
 * git worktrees kept in it).
 */
export function writeSafetyReason(
  forms: PathForms,
  stateDirs: readonly string[],
): string | undefined {
  const named = protectedPathReason(forms.written) ?? protectedPathReason(forms.real);
  if (named) return named;
  // Worktrees (`-w`) are working copies kept under the state folder, not keel's own state.
  const inState = (path: string, dir: string) =>
    isWithinFolder(path, dir) && !isWithinFolder(path, worktreesRoot(dir));
  const guarded = stateDirs.some((dir) => inState(forms.written, dir) || inState(forms.real, dir));
  return guarded ? "it is inside keel's state folder" : undefined;
}

/** The places a safety check guards, for writes to a whole tree (`rm -r`, `cp -r x .`). */
export interface GuardedPlaces {
  workingFolders: readonly string[];
  /** The home folders a command may reach (keel's, and the one its shell's `~` means). */
  homes: readonly string[];
  stateDirs: readonly string[];
}

/** Folders and files whose change can make code run or steer an agent, where they usually are. */
function guardedPaths(places: GuardedPlaces): string[] {
  const inFolders = places.workingFolders.flatMap((folder) =>
    [".git", ".claude", ".keel", ".vscode", ".idea", ".mcp.json", ".gitmodules"].map((name) =>
      join(folder, name),
    ),
  );
  const inHome = places.homes.flatMap((home) =>
    [
      ".bashrc",
      ".bash_profile",
      ".profile",
      ".zshrc",
      ".zshenv",
      ".gitconfig",
      ".claude",
      ".claude.json",
      ".ssh",
    ].map((name) => join(home, name)),
  );
  return [...inFolders, ...inHome, ...places.stateDirs];
}

/** Text that names a protected place (for paths keel can only read as text). */
const PROTECTED_TEXT =
  /(^|[/\s'"=:])(\.git|\.claude|\.keel|\.vscode|\.idea|\.bashrc|\.bash_profile|\.bash_login|\.bash_logout|\.profile|\.zshrc|\.zshenv|\.zprofile|\.zlogin|\.gitconfig|\.gitmodules|\.ripgreprc|\.mcp\.json|\.claude\.json)([/\s'"]|$)/;

/**
 * Why a call's writes need a person in every mode, if they do: a write into a protected
 * place, a tree written as a whole that holds one, a write target keel cannot resolve (it
 * could land anywhere, a protected place included), or code keel cannot follow whose text
 * names a protected place (`python3 -c "open('.git/config', 'a')…"`).
 */
export function safetyProblem(
  subject: CallSubject,
  places: GuardedPlaces,
): { path: string; why: string } | undefined {
  for (const file of subject.files) {
    if (file.access !== "write") continue;
    const why = writeSafetyReason(file.forms, places.stateDirs) ?? treeReason(file, places);
    if (why) return { path: file.forms.written, why };
  }
  for (const file of subject.unresolved) {
    if (file.access !== "write") continue;
    if (file.certain) {
      return {
        path: file.text,
        why: `keel cannot tell where it writes (${file.reason}), so it could be a protected file`,
      };
    }
    if (PROTECTED_TEXT.test(file.text)) {
      return { path: file.text, why: "it may write there, and the path names a protected place" };
    }
  }
  const hidden = subject.bash?.effects.parts.find(
    (part) => part.opaque.length > 0 && PROTECTED_TEXT.test(part.command.text),
  );
  if (hidden) {
    return {
      path: hidden.command.text,
      why: "it runs code keel cannot follow, and its text names a protected place",
    };
  }
  return undefined;
}

/**
 * A program keel models that writes a whole tree may write what the tree holds. (A program it
 * does not model is judged by the paths it names only: `prettier --write .` is not asked
 * about for the `.git` inside `.`.)
 */
function treeReason(file: TouchedFile, places: GuardedPlaces): string | undefined {
  if (file.use !== "tree" || !file.certain) return undefined;
  const guarded = guardedPaths(places).find(
    (path) => isWithinFolder(path, file.forms.written) || isWithinFolder(path, file.forms.real),
  );
  return guarded ? `it may write anywhere inside ${file.text}, ${guarded} included` : undefined;
}
