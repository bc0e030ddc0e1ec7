/**
 * Matches one Bash rule's content against one simple command (Claude Code's three kinds):
 * legacy prefix `npm test:*` (the prefix alone or followed by a space: `ls:*` is not `lsof`),
 * wildcard (`git *`, `*` spans anything; `\*` is a literal star; a trailing ` *` that is the
 * only wildcard makes the arguments optional, so `git *` matches `git`), else exact.
 */
export function shellRuleMatches(content: string, command: string): boolean {
  const stars = unescapedStars(content);
  if (content.endsWith(":*") && stars.length === 1) {
    const prefix = unescapeStars(content.slice(0, -2));
    return command === prefix || command.startsWith(`${prefix} `);
  }
  if (stars.length === 0) return command === unescapeStars(content);
  return wildcardRegex(content, stars).test(command);
}

function unescapedStars(content: string): number[] {
  const found: number[] = [];
  for (let i = 0; i < content.length; i++) {
    if (content[i] === "\\") i++;
    else if (content[i] === "*") found.push(i);
  }
  return found;
}

function unescapeStars(text: string): string {
  return text.replace(/\\\*/g, "*");
}

function wildcardRegex(content: string, stars: readonly number[]): RegExp {
  // A trailing `:*` among other wildcards reads as ` *` (optional trailing arguments).
  const pattern = content.endsWith(":*") ? `${content.slice(0, -2)} *` : content;
  const onlyTrailing = stars.length === 1 && pattern.endsWith(" *");
  const body = onlyTrailing ? pattern.slice(0, -2) : pattern;
  let source = "";
  for (let i = 0; i < body.length; i++) {
    const char = body[i] ?? "";
    if (char === "\\" && body[i + 1] === "*") {
      source += "\\*";
      i++;
    } else source += char === "*" ? ".*" : char.replace(/[.+?^${}()|[\]\\/]/g, "\\$&");
  }
  return new RegExp(`^${source}${onlyTrailing ? "(?: .*)?" : ""}$`, "s");
}
