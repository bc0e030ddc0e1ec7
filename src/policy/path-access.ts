import type { FileSystemView } from "../tools/shell-effects/index.js";
import type { TouchedFile } from "./call-subject.js";
import { anchoredRule, type FileRuleContext, fileRuleMatches } from "./file-rules.js";
import { relativeInside } from "./path-rule.js";
import type { PermissionRule } from "./permission-rule.js";
import type { PathForms } from "./real-paths.js";

/** What matching a rule against folder trees needs: the file system, and a shared budget. */
export interface TreeContext extends FileRuleContext {
  fs: FileSystemView;
  /** Entries a decision may still look at before it gives up (and assumes the worst). */
  budget: { entries: number };
}

/** Entries one decision may read while matching rules against folder trees. */
export const TREE_BUDGET = 20_000;

/**
 * True when a Read/Edit rule covers what a call does with a file: the file itself (as written
 * or where its links lead); for a folder listing, any name in it; for a tree, anything below
 * it that exists (a read) or could be made (a write). The walk only enters folders the
 * pattern can reach, and a walk that runs out of budget counts as a match.
 */
export async function ruleCoversFile(
  rule: PermissionRule,
  file: TouchedFile,
  context: TreeContext,
): Promise<boolean> {
  if (await fileRuleMatches(rule, file.forms, "either", context)) return true;
  if (file.use === "entry") return false;
  if (
    file.use === "tree" &&
    file.access === "write" &&
    (await reachesBelow(rule, file.forms, context))
  ) {
    return true;
  }
  return walkMatches(rule, file.forms, file.use === "tree", context);
}

async function reachesBelow(
  rule: PermissionRule,
  forms: PathForms,
  context: TreeContext,
): Promise<boolean> {
  const { base, pattern } = anchoredRule(rule, context);
  const bases = [base, await context.realFolder(base)];
  return [forms.written, forms.real].some((path) =>
    bases.some((from) => {
      const rel = relativeInside(from, path);
      // A rule whose folder lies inside the tree reaches into it.
      return rel === undefined
        ? relativeInside(path, from) !== undefined
        : pattern.reachesBelow(rel);
    }),
  );
}

/** Looks below a folder (one level, or the whole tree) for an entry the rule covers. */
async function walkMatches(
  rule: PermissionRule,
  root: PathForms,
  deep: boolean,
  context: TreeContext,
): Promise<boolean> {
  const queue: PathForms[] = [root];
  for (let folder = queue.shift(); folder; folder = queue.shift()) {
    for (const name of context.fs.names(folder.real)) {
      if (--context.budget.entries < 0) return true;
      const child = { written: `${folder.written}/${name}`, real: `${folder.real}/${name}` };
      if (await fileRuleMatches(rule, child, "either", context)) return true;
      if (
        deep &&
        context.fs.entry(child.real) === "directory" &&
        (await reachesBelow(rule, child, context))
      ) {
        queue.push(child);
      }
    }
  }
  return false;
}
