import { analyzeBash, type BashPlaces } from "./bash-analysis.js";
import { shellRuleMatches } from "./shell-rule.js";

/**
 * Whether `sandbox.excludedCommands` takes a command line out of the sandbox (Claude Code's
 * rule): every simple command must match an entry (Bash rule syntax), and a line that moves
 * the shell, runs code keel cannot see (substitutions, `eval`) or writes through a redirect
 * stays sandboxed whatever the entries say.
 */
export async function excludedFromSandbox(
  command: string,
  entries: readonly string[],
  places: BashPlaces,
): Promise<boolean> {
  if (entries.length === 0) return false;
  const bash = await analyzeBash(command, places);
  const { effects } = bash;
  if (!bash.parsed || effects.opaque.length > 0 || effects.changesDirectory) return false;
  return bash.parts.every(
    (part) =>
      part.allowable &&
      (part.effects?.writes.length ?? 0) === 0 &&
      (part.effects?.unresolvedWrites.length ?? 0) === 0 &&
      part.allowForms.some((form) => entries.some((entry) => shellRuleMatches(entry, form))),
  );
}
