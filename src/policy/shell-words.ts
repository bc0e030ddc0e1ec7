import { resolveInputPath } from "../tools/builtin/file-paths.js";
import type { ShellWord } from "../tools/shell-parse/index.js";

/** Commands that are stripped before matching (`timeout 5 npm test` is matched as `npm test`). */
const WRAPPERS = new Set(["timeout", "time", "nice", "nohup", "stdbuf", "xargs"]);

/** Wrapper flags that take a separate value (`timeout -s KILL`, `nice -n 5`, `stdbuf -o L`). */
const FLAGS_WITH_VALUE: Readonly<Record<string, readonly string[]>> = {
  timeout: ["-s", "--signal", "-k", "--kill-after"],
  nice: ["-n", "--adjustment"],
  stdbuf: ["-i", "-o", "-e", "--input", "--output", "--error"],
};

/** The words after one wrapper and its own options, or undefined when `words` has no wrapper. */
function afterWrapper(words: readonly string[]): string[] | undefined {
  const name = words[0];
  if (name === undefined || !WRAPPERS.has(name)) return undefined;
  // Only a bare `xargs` is stripped: its options can change what runs.
  if (name === "xargs" && words[1]?.startsWith("-")) return undefined;
  let i = 1;
  while (i < words.length && (words[i] ?? "").startsWith("-")) {
    i += (FLAGS_WITH_VALUE[name] ?? []).includes(words[i] ?? "") ? 2 : 1;
  }
  if (name === "timeout") i += 1; // the duration
  const rest = words.slice(i);
  return rest.length > 0 ? rest : undefined;
}

/** The words with every leading wrapper removed. */
export function stripWrappers(words: readonly string[]): string[] {
  let current = [...words];
  for (let next = afterWrapper(current); next; next = afterWrapper(current)) current = next;
  return current;
}

/** Prefix assignments that change which program runs or what it loads: never vouched for by a rule. */
export function isRiskyAssignment(name: string): boolean {
  return (
    /^(PATH|IFS|ENV|BASH_ENV|PROMPT_COMMAND|PS4|SHELLOPTS|BASHOPTS|NODE_OPTIONS|PYTHONPATH|PYTHONSTARTUP|PERL5OPT|PERL5LIB|RUBYOPT|RUBYLIB|GIT_SSH_COMMAND|GIT_EXEC_PATH|HOME)$/.test(
      name,
    ) || /^(LD_|DYLD_|BASH_FUNC_|GIT_CONFIG)/.test(name)
  );
}

/** Words whose value bash passes unchanged (quotes removed). */
export function isStaticWord(word: ShellWord): boolean {
  return word.dynamic.length === 0;
}

/**
 * The absolute path a word names, or undefined when it cannot be known before bash runs it.
 * A glob names the folder before its first wildcard (its matches stay below it); `~` is home.
 */
export function wordPath(word: ShellWord, cwd: string, home: string): string | undefined {
  const kinds = word.dynamic.filter((kind) => kind !== "tilde");
  if (kinds.length === 0) return resolveInputPath(word.value, cwd, home);
  if (kinds.some((kind) => kind !== "glob")) return undefined;
  const wildcard = word.value.search(/[*?[]/);
  const before = word.value.slice(0, Math.max(0, wildcard));
  const folder = before.includes("/") ? before.slice(0, before.lastIndexOf("/") + 1) : ".";
  return resolveInputPath(folder === "" ? "/" : folder, cwd, home);
}

/** Commands that run their arguments as another command; deny rules look through them. */
const RUNNERS: Readonly<Record<string, readonly string[]>> = {
  env: ["-u", "--unset", "-C", "--chdir", "-S", "--split-string"],
  command: [],
  exec: ["-a"],
  builtin: [],
  sudo: ["-u", "-g", "-h", "-p", "-C", "-D", "-r", "-t", "-U"],
  doas: ["-u", "-C"],
};

/** The words after one runner (`env A=1`, `sudo -u x`, `command`), or undefined. */
function afterRunner(words: readonly string[]): string[] | undefined {
  const name = words[0];
  const withValue = name === undefined ? undefined : RUNNERS[name];
  if (withValue === undefined) return undefined;
  let i = 1;
  while (i < words.length) {
    const word = words[i] ?? "";
    if (withValue.includes(word)) i += 2;
    else if (word.startsWith("-") || (name === "env" && /^[A-Za-z_]\w*=/.test(word))) i += 1;
    else break;
  }
  const rest = words.slice(i);
  return rest.length > 0 ? rest : undefined;
}

/**
 * Extra forms deny and ask rules are matched against: the command with runners and wrappers
 * peeled off (`sudo env A=1 timeout 5 rm x` → `rm x`), and the script of `bash -c` / `sh -c`
 * with its rough pieces. Over-matching only makes a deny rule stricter.
 */
export function denyOnlyForms(words: readonly string[]): string[] {
  let current = stripWrappers(words);
  for (let next = afterRunner(current); next; next = afterRunner(current)) {
    current = stripWrappers(next);
  }
  const forms = [current.join(" ")];
  const shell = current[0] ?? "";
  const script = current.indexOf("-c");
  if (/^(ba|z|da|k)?sh$/.test(shell) && script > 0 && current[script + 1] !== undefined) {
    const text = current[script + 1] ?? "";
    forms.push(
      text,
      ...text
        .split(/&&|\|\||[;&|\n]/)
        .map((p) => p.trim())
        .filter((p) => p !== ""),
    );
  }
  return forms;
}
