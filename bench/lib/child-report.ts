import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { basename, join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { build } from "esbuild";
import type { z } from "zod";

const run = promisify(execFile);
const REPO_ROOT = fileURLToPath(new URL("../..", import.meta.url));

let bundleDir: string | undefined;
const bundles = new Map<string, Promise<string>>();

/**
 * Where this process keeps its bundled children (removed when it exits): inside the project, as
 * keel's build output is, so what a bundle resolves at run time (tree-sitter's files) is found.
 */
function childBundleDir(): string {
  if (bundleDir === undefined) {
    const cache = join(REPO_ROOT, "node_modules", ".cache");
    mkdirSync(cache, { recursive: true });
    const dir = mkdtempSync(join(cache, "keel-bench-child-"));
    process.once("exit", () => rmSync(dir, { recursive: true, force: true }));
    bundleDir = dir;
  }
  return bundleDir;
}

/**
 * A bench script bundled with esbuild into one ES module, as keel's own build is: run under
 * tsx instead, the child would carry tsx's loader and esbuild's service, and every fork it made
 * would cost ~1 ms more than keel's (a baseline that flattered keel).
 */
function bundled(path: string): Promise<string> {
  let out = bundles.get(path);
  if (!out) {
    const file = join(childBundleDir(), `${basename(path, ".ts")}.mjs`);
    out = build({
      entryPoints: [path],
      outfile: file,
      bundle: true,
      platform: "node",
      format: "esm",
      target: "node20",
      // CommonJS dependencies bundled into an ES module still call require for node's built-ins.
      banner: {
        js: "import { createRequire as __keelCreateRequire } from 'node:module';\nconst require = __keelCreateRequire(import.meta.url);",
      },
      logLevel: "warning",
    }).then(() => file);
    bundles.set(path, out);
  }
  return out;
}

/**
 * Runs a bench script (a path next to this file), bundled, in a fresh plain `node` process and
 * reads the JSON report it prints as its last line.
 */
export async function bundledChildReport<T>(
  script: string,
  args: readonly string[],
  report: z.ZodType<T>,
): Promise<T> {
  const file = await bundled(fileURLToPath(new URL(script, import.meta.url)));
  const { stdout } = await run(process.execPath, [file, ...args], { cwd: REPO_ROOT });
  return report.parse(JSON.parse(stdout.trim().split("\n").at(-1) ?? ""));
}
