import type { ProgramRun } from "../tools/shell-effects/index.js";
import type { BashAnalysis } from "./bash-analysis.js";
import { shellRuleMatches } from "./shell-rule.js";

/**
 * Why a Bash deny or ask rule applies to a command line, if it does (contracts §6: deny rules
 * win whatever way the program would be reached). It applies when any program the line runs
 * matches it — through wrappers, `sh -c` scripts, `find -exec`, `xargs`, a path such as
 * `/bin/rm` — and whenever the line could run a program keel cannot name.
 */
export function bashRuleApplies(content: string, bash: BashAnalysis): string | undefined {
  const { effects } = bash;
  if (effects.opaque.length > 0) {
    return `keel cannot tell every program it runs: ${effects.opaque[0]}`;
  }
  const run = effects.runs.find((candidate) => runMatches(content, candidate));
  if (run) return `it runs ${run.words.join(" ")}`;
  const part = bash.parts.find((candidate) => shellRuleMatches(content, candidate.text));
  return part ? `it runs ${part.text}` : undefined;
}

function runMatches(content: string, run: ProgramRun): boolean {
  const forms = new Set([run.words.join(" "), run.text]);
  if (run.name === "git") forms.add(withoutGitGlobalOptions(run.words).join(" "));
  if ([...forms].some((form) => shellRuleMatches(content, form))) return true;
  // More arguments come at run time: any rule for this program could match them.
  return (
    run.openEnded && run.name !== undefined && shellRuleMatches(ruleProgram(content), run.name)
  );
}

/** The program a rule names, as a rule of its own: its first word (`git` in `git push:*`). */
function ruleProgram(content: string): string {
  return content.replace(/:\*$/, "").trim().split(/\s+/)[0] ?? "";
}

/** git's options that come before the subcommand, with whether each takes the next word. */
const GIT_GLOBAL_OPTIONS: Readonly<Record<string, boolean>> = {
  "-C": true,
  "-c": true,
  "--git-dir": true,
  "--work-tree": true,
  "--namespace": true,
  "--config-env": true,
  "--super-prefix": true,
  "--exec-path": false,
  "-p": false,
  "-P": false,
  "--paginate": false,
  "--no-pager": false,
  "--bare": false,
  "--no-replace-objects": false,
  "--literal-pathspecs": false,
  "--glob-pathspecs": false,
  "--noglob-pathspecs": false,
  "--icase-pathspecs": false,
  "--no-optional-locks": false,
  "--no-advice": false,
};

/**
 * `git -C dir --no-pager push` as `git push`: a deny rule for a subcommand must not be
 * sidestepped by the options git reads before it.
 */
function withoutGitGlobalOptions(words: readonly string[]): string[] {
  let at = 1;
  while (at < words.length) {
    const word = words[at] as string;
    const name = word.includes("=") ? word.slice(0, word.indexOf("=")) : word;
    const takesValue = GIT_GLOBAL_OPTIONS[name];
    if (takesValue === undefined) break;
    at += takesValue && !word.includes("=") ? 2 : 1;
  }
  return [words[0] as string, ...words.slice(at)];
}
