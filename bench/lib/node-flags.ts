import { readFileSync } from "node:fs";

/**
 * The flags keel's executable starts node with (its `#!/usr/bin/env -S node …` line), so the
 * bench, which runs `node <flags> cli.js` to time and sample it, measures what `keel` runs.
 */
export function executableNodeFlags(cli: string): string[] {
  const first = readFileSync(cli, "utf8").split("\n", 1)[0] ?? "";
  const match = /^#!\/usr\/bin\/env(?: -S)? node(.*)$/.exec(first);
  if (!match) throw new Error(`${cli} does not start with a node shebang: ${first}`);
  return (match[1] ?? "").split(" ").filter((flag) => flag !== "");
}
