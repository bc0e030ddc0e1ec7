// Where a one-turn `keel -p` (HTTP) spends its start: which bundle files it loads (the chunks of
// the executable and the print bundle, with their sizes and largest sources) and a summary of CPU profiles (top self time by function and owner).
import { readdir, readFile, stat } from "node:fs/promises";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { profilesMarkdown } from "../lib/breakdown-table.js";
import { summariseProfiles } from "../lib/cpu-profile.js";
import type { GroupContext } from "../lib/group.js";
import { oneTurnScenario } from "../lib/scenarios.js";
import { makeSandbox, runSession, type Sandbox } from "../lib/session.js";
import { loadSourceMap, ownerOf } from "../lib/source-map.js";
import { markdownTable } from "../lib/tools-table.js";

const REGISTER = fileURLToPath(new URL("../lib/register-load-log.mjs", import.meta.url));

/** One chunk the CLI loaded. */
export interface LoadedChunk {
  file: string;
  bytes: number;
  /** The owners with the most source bytes in it (from the source map). */
  largest: string[];
}

async function largestOwners(file: string): Promise<string[]> {
  try {
    const map = await loadSourceMap(`${file}.map`);
    const byOwner = new Map<string, number>();
    map.sources.forEach((source, i) => {
      const owner = ownerOf(source);
      byOwner.set(owner, (byOwner.get(owner) ?? 0) + (map.sourceSizes[i] ?? 0));
    });
    return [...byOwner]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 3)
      .map(([owner, bytes]) => `${owner} ${Math.round(bytes / 1024)} KB`);
  } catch {
    return [];
  }
}

/** The print bundle a run names on stderr under KEEL_DEBUG, with what became of its code cache. */
function printBundleLine(stderr: string): { file: string; codeCache: string } | undefined {
  const match = /^keel: (\S+print\.cjs), code cache (\w+)$/m.exec(stderr);
  return match ? { file: match[1]!, codeCache: match[2]! } : undefined;
}

async function loadedChunks(context: GroupContext, sandbox: Sandbox): Promise<LoadedChunk[]> {
  const log = join(sandbox.root, "loads.txt");
  const run = await runSession({
    cli: context.cli,
    sandbox,
    scenario: oneTurnScenario(),
    transport: "http",
    nodeArgs: ["--import", REGISTER],
    env: { KEEL_BENCH_LOADS: log, KEEL_DEBUG: "1" },
  });
  const root = dirname(context.cli);
  const urls = [...new Set((await readFile(log, "utf8")).trim().split("\n"))];
  const files = urls.map((url) => ({ file: fileURLToPath(url), note: "" }));
  const bundle = printBundleLine(run.timed.stderr);
  if (bundle)
    files.push({ file: bundle.file, note: ` (vm.Script, code cache ${bundle.codeCache})` });
  const chunks = await Promise.all(
    files.map(async ({ file, note }) => ({
      file: `${relative(root, file)}${note}`,
      bytes: (await stat(file)).size,
      largest: await largestOwners(file),
    })),
  );
  return chunks.sort((a, b) => b.bytes - a.bytes);
}

async function profiles(context: GroupContext, sandbox: Sandbox) {
  const dir = join(sandbox.root, "profiles");
  for (let i = 0; i < context.runs; i++) {
    await runSession({
      cli: context.cli,
      sandbox,
      scenario: oneTurnScenario(),
      transport: "http",
      nodeArgs: ["--cpu-prof", "--cpu-prof-dir", dir],
    });
  }
  const files = (await readdir(dir)).filter((f) => f.endsWith(".cpuprofile"));
  return summariseProfiles(
    files.map((f) => join(dir, f)),
    15,
  );
}

/** Bytes of JavaScript in the build: the executable, the print bundle and the ES modules. */
async function bundleBytes(cli: string): Promise<number> {
  const root = dirname(cli);
  const names = (await readdir(root, { recursive: true })).filter((f) => /\.[cm]?js$/.test(f));
  const sizes = await Promise.all(names.map(async (f) => (await stat(join(root, f))).size));
  return sizes.reduce((a, b) => a + b, 0);
}

/** Measures the breakdown of a one-turn `keel -p` over HTTP. */
export async function coldBreakdown(context: GroupContext) {
  const sandbox = await makeSandbox();
  try {
    const chunks = await loadedChunks(context, sandbox);
    const profile = await profiles(context, sandbox);
    const loadedBytes = chunks.reduce((sum, c) => sum + c.bytes, 0);
    const allBytes = await bundleBytes(context.cli);
    const rows = chunks.map((c) => [
      c.file,
      `${Math.round(c.bytes / 1024)} KB`,
      c.largest.join(", "),
    ]);
    const markdown = [
      `### Chunks a one-turn \`keel -p\` loads: ${chunks.length}, ${Math.round(loadedBytes / 1024)} KB of the bundle's ${Math.round(allBytes / 1024)} KB of JavaScript`,
      "",
      markdownTable(["Chunk", "Size", "Largest sources inside (source map)"], rows),
      "",
      profilesMarkdown(profile, "a one-turn `keel -p`"),
    ].join("\n");
    return { markdown, json: { chunks, loadedBytes, allBytes, profile } };
  } finally {
    await sandbox.remove();
  }
}
