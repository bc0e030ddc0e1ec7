/** Splits command arguments like a shell would for `$1`…: spaces separate, quotes group. */
export function splitArguments(args: string): string[] {
  const words: string[] = [];
  const pattern = /"((?:[^"\\]|\\.)*)"|'([^']*)'|(\S+)/g;
  for (const match of args.matchAll(pattern)) {
    words.push(match[1]?.replace(/\\(.)/g, "$1") ?? match[2] ?? match[3] ?? "");
  }
  return words;
}

/**
 * The prompt a user command sends: `$ARGUMENTS` becomes all the arguments, `$1`…`$9` each
 * one (empty when missing). A body that uses neither gets the arguments appended (Claude
 * Code's `ARGUMENTS: …`), so nothing the person typed is lost.
 */
export function expandCommand(body: string, args: string): string {
  const trimmed = args.trim();
  const words = splitArguments(trimmed);
  let used = false;
  const expanded = body.replace(/\$ARGUMENTS|\$([1-9])/g, (_all, digit: string | undefined) => {
    used = true;
    if (digit === undefined) return trimmed;
    return words[Number(digit) - 1] ?? "";
  });
  if (used || trimmed === "") return expanded;
  return `${expanded}\n\nARGUMENTS: ${trimmed}`;
}
