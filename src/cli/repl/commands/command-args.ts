/** Splits command arguments like a shell would for `$0`…: spaces separate, quotes group. */
export function splitArguments(args: string): string[] {
  const words: string[] = [];
  const pattern = /"((?:[^"\\]|\\.)*)"|'([^']*)'|(\S+)/g;
  for (const match of args.matchAll(pattern)) {
    words.push(match[1]?.replace(/\\(.)/g, "$1") ?? match[2] ?? match[3] ?? "");
  }
  return words;
}

/**
 * `$ARGUMENTS[N]` or its shorthand `$N` (0-based, as Claude Code 2.x counts them), or
 * `$ARGUMENTS`. A digit run followed by a word character (`$2xl`, a design token) is text.
 */
const PLACEHOLDER = /\$ARGUMENTS\[(\d+)\]|\$ARGUMENTS|\$(\d+)(?!\w)/g;

/**
 * The prompt a user command or skill sends: `$ARGUMENTS` becomes all the arguments,
 * `$ARGUMENTS[N]` and `$N` the N-th one counted from 0 (empty when missing). A body that uses
 * none of them gets the arguments appended (Claude Code's `ARGUMENTS: …`), so nothing the
 * person typed is lost.
 */
export function expandCommand(body: string, args: string): string {
  const trimmed = args.trim();
  const words = splitArguments(trimmed);
  let used = false;
  const expanded = body.replace(
    PLACEHOLDER,
    (_all, indexed: string | undefined, short: string | undefined) => {
      used = true;
      const index = indexed ?? short;
      return index === undefined ? trimmed : (words[Number(index)] ?? "");
    },
  );
  if (used || trimmed === "") return expanded;
  return `${expanded}\n\nARGUMENTS: ${trimmed}`;
}
