import { isAbsolute, relative, resolve, sep } from "node:path";
import { compilePathPattern, type PathPattern } from "./gitignore-pattern.js";

/** A file rule's pattern with the folder it is relative to. */
export interface AnchoredPattern {
  /** The absolute folder the pattern is matched from. */
  base: string;
  pattern: PathPattern;
}

/** The folders a file rule's anchors depend on. */
export interface AnchorFolders {
  /** The settings owner's folder (for `/path`). */
  ruleRoot: string;
  /** The working folder (for `path` and `./path`). */
  cwd: string;
  home: string;
}

/**
 * Where a Read/Edit rule's pattern starts (contracts.md §6): `//path` absolute, `~/path`
 * home, `/path` the settings owner's folder, `./path` or `path` the working folder. Leading
 * `../` segments move the start up. Only a bare `path` without `/` matches at any depth.
 */
export function anchorPattern(content: string, folders: AnchorFolders): AnchoredPattern {
  let base: string;
  let rest: string;
  let anchored = true;
  if (content.startsWith("//")) [base, rest] = ["/", content.slice(2)];
  else if (content === "~" || content.startsWith("~/"))
    [base, rest] = [folders.home, content.slice(1)];
  else if (content.startsWith("/")) [base, rest] = [folders.ruleRoot, content.slice(1)];
  else if (content.startsWith("./")) [base, rest] = [folders.cwd, content.slice(2)];
  else [base, rest, anchored] = [folders.cwd, content, false];
  rest = rest.replace(/^\/+/, "");
  while (rest === ".." || rest.startsWith("../")) {
    base = resolve(base, "..");
    rest = rest.slice(3);
    anchored = true;
  }
  return { base, pattern: compilePathPattern(rest, anchored) };
}

/** `path` relative to `base` with `/` separators, or undefined when it is not inside `base`. */
export function relativeInside(base: string, path: string): string | undefined {
  const rel = relative(base, path);
  if (rel === "") return "";
  if (rel === ".." || rel.startsWith(`..${sep}`) || isAbsolute(rel)) return undefined;
  return rel.split(sep).join("/");
}

/** True when the pattern matches `path` (absolute) from any of `bases` (a folder and its real path). */
export function patternMatchesPath(
  pattern: PathPattern,
  bases: readonly string[],
  path: string,
): boolean {
  return bases.some((base) => {
    const rel = relativeInside(base, path);
    return rel !== undefined && pattern.matches(rel);
  });
}
