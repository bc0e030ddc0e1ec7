import { basename, sep } from "node:path";

/** Folders whose files steer tools, version control or keel itself: writes there always ask. */
const PROTECTED_FOLDERS = new Set([".git", ".claude", ".keel", ".vscode", ".idea"]);

/** Files that run code or change configuration when a shell, git or an agent starts. */
const PROTECTED_FILES = new Set([
  ".bashrc",
  ".bash_profile",
  ".bash_login",
  ".bash_logout",
  ".profile",
  ".zshrc",
  ".zshenv",
  ".zprofile",
  ".zlogin",
  ".gitconfig",
  ".gitmodules",
  ".ripgreprc",
  ".mcp.json",
  ".claude.json",
]);

/** Why writing `path` needs a person even when edits are otherwise accepted, if it does. */
export function protectedPathReason(path: string): string | undefined {
  const name = basename(path);
  if (PROTECTED_FILES.has(name)) return `${name} configures a shell, git or an agent`;
  const parts = path.split(sep);
  // ~/.keel/worktrees/ holds git worktrees (`-w`): working copies, whose own .git and
  // .claude stay protected.
  const folder = parts.find(
    (part, i) => PROTECTED_FOLDERS.has(part) && !(part === ".keel" && parts[i + 1] === "worktrees"),
  );
  return folder ? `it is inside a ${folder} folder` : undefined;
}
