import { protectedPathReason } from "../tools/builtin/file-io/protected-paths.js";
import { isWithinFolder } from "../tools/builtin/file-paths.js";
import type { PathForms } from "./real-paths.js";

/**
 * Why writing this path always needs a person, in every mode, if it does: .git/, .claude/,
 * .keel/ and similar folders, shell start-up files, and keel's own state folder.
 */
export function writeSafetyReason(
  forms: PathForms,
  stateDirs: readonly string[],
): string | undefined {
  const named = protectedPathReason(forms.written) ?? protectedPathReason(forms.real);
  if (named) return named;
  const inState = stateDirs.some(
    (dir) => isWithinFolder(forms.written, dir) || isWithinFolder(forms.real, dir),
  );
  return inState ? "it is inside keel's state folder" : undefined;
}

/** Why a recursive or forced `rm` always needs a person: it names `/` or the home folder. */
export function removalSafetyReason(words: readonly string[], home: string): string | undefined {
  if (words[0] !== "rm") return undefined;
  const targets = words.slice(1).filter((w) => !w.startsWith("-"));
  const wide = targets.find(
    (t) => t === "/" || t === "~" || t === "~/" || t === home || t === `${home}/`,
  );
  return wide === undefined ? undefined : `rm of ${wide} removes far more than a project`;
}
