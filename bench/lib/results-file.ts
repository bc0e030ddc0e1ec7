import { mkdir, readFile, writeFile } from "node:fs/promises";
import { dirname } from "node:path";

const HEADER = [
  "# keel benchmarks",
  "",
  "Each figure is the median of at least 5 runs, with a ratio to a baseline measured in the same run.",
  "Each bench rewrites only its own section (between its markers); JSON details are in bench/results/.",
  "",
].join("\n");

async function readOr(path: string, fallback: string): Promise<string> {
  try {
    return await readFile(path, "utf8");
  } catch (error) {
    if (error instanceof Error && "code" in error && error.code === "ENOENT") return fallback;
    throw error;
  }
}

/**
 * Puts `body` in the section named `name` of a results markdown file (between
 * `<!-- name:start -->` and `<!-- name:end -->`), replacing that section only; a missing file
 * is created with a short header, a missing section is appended.
 */
export async function writeSection(path: string, name: string, body: string): Promise<void> {
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  const section = `${start}\n${body.trim()}\n${end}`;
  const text = await readOr(path, HEADER);
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  const updated =
    from !== -1 && to > from
      ? `${text.slice(0, from)}${section}${text.slice(to + end.length)}`
      : `${text.trimEnd()}\n\n${section}\n`;
  await writeFile(path, updated);
}

/** Writes a JSON results file (pretty-printed), creating its folder. */
export async function writeJson(path: string, value: unknown): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, `${JSON.stringify(value, null, 2)}\n`);
}
