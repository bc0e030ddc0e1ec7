import { analyzeBash, type BashPart } from "./bash-analysis.js";
import { formatRule } from "./rule-syntax.js";

/** Commands too powerful for a prefix rule: only the exact command line is ever suggested. */
const EXACT_ONLY = new Set([
  "rm",
  "sudo",
  "su",
  "doas",
  "chmod",
  "chown",
  "dd",
  "mkfs",
  "bash",
  "sh",
  "zsh",
  "fish",
  "eval",
  "exec",
  "source",
  ".",
  "python",
  "python3",
  "node",
  "deno",
  "bun",
  "perl",
  "ruby",
  "php",
  "curl",
  "wget",
  "ssh",
  "scp",
  "rsync",
  "kill",
  "pkill",
  "killall",
  "env",
  "xargs",
  "find",
  "awk",
  "sed",
]);

/** A word that reads like a subcommand (`run`, `test:unit`), not a file, flag or value. */
const SUBCOMMAND = /^[a-z][\w:-]*$/;

const MAX_PREFIX_WORDS = 3;

function escapeStars(text: string): string {
  return text.replace(/\*/g, "\\*");
}

/**
 * The narrowest useful allow rule for one part: the command name and its subcommand words
 * as a legacy prefix (`Bash(npm run test:*)`), or the exact command for powerful commands.
 * Never a bare `*`; undefined when no content rule can allow the part (dynamic command name).
 */
export function suggestRuleForPart(part: BashPart): string | undefined {
  if (!part.allowable || part.words.length === 0) return undefined;
  const values = part.words.map((word) => word.value);
  const exact = values.join(" ");
  if (
    EXACT_ONLY.has(values[0] ?? "") ||
    part.words.some((w, i) => i === 0 && w.dynamic.length > 0)
  ) {
    return formatRule({ toolName: "Bash", content: escapeStars(exact) });
  }
  const prefix: string[] = [values[0] ?? ""];
  for (const [i, word] of part.words.entries()) {
    if (i === 0) continue;
    if (
      prefix.length >= MAX_PREFIX_WORDS ||
      word.dynamic.length > 0 ||
      !SUBCOMMAND.test(word.value)
    )
      break;
    prefix.push(word.value);
  }
  return formatRule({ toolName: "Bash", content: `${escapeStars(prefix.join(" "))}:*` });
}

/** Suggestions for several parts, without repeats. */
export function suggestRulesForParts(parts: readonly BashPart[]): string[] {
  const rules = parts.map(suggestRuleForPart).filter((r): r is string => r !== undefined);
  return [...new Set(rules)];
}

/** The narrowest allow rule for each part of a command line (an "always allow" proposal). */
export async function suggestAllowRules(command: string): Promise<string[]> {
  const analysis = await analyzeBash(command, { cwd: "/", home: "/" });
  return analysis.parsed ? suggestRulesForParts(analysis.parts) : [];
}
