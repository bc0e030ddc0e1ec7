/** Commands that are stripped before allow rules match (`timeout 5 npm test` is matched as `npm test`). */
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
