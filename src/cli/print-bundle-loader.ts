import { isAscii } from "node:buffer";
import { readFileSync, writeFileSync } from "node:fs";
import Module, { createRequire } from "node:module";
import { dirname } from "node:path";
import { Script } from "node:vm";
import type { CliIo } from "./io.js";

/** A build of the CLI as bin.ts runs it (both builds export this, see cli-entry.ts). */
export interface CliBuild {
  runCli(argv: string[], io: CliIo): Promise<number>;
  killLiveGroups(): void;
}

/** The print bundle (one CommonJS file) and the V8 code cache made for it at build time. */
export interface PrintBundleFiles {
  bundle: string;
  cache: string;
}

/** Whether V8 took the code cache: "absent" when there is none, "rejected" when it did not fit. */
export type CodeCacheUse = "used" | "rejected" | "absent";

/** The loaded print bundle and what became of its code cache. */
export interface LoadedPrintBundle {
  build: CliBuild;
  codeCache: CodeCacheUse;
}

/** Where the print bundle sits beside the executable. */
export function printBundleFiles(distDir: string): PrintBundleFiles {
  const bundle = `${distDir}/print.cjs`;
  return { bundle, cache: `${bundle}.cache` };
}

function readIfPresent(file: string): Buffer | undefined {
  try {
    return readFileSync(file);
  } catch {
    return undefined;
  }
}

type ModuleFactory = (
  exports: object,
  require: NodeRequire,
  module: { exports: object },
  filename: string,
  dirname: string,
) => void;

function isCliBuild(value: unknown): value is CliBuild {
  const build = value as Partial<Record<keyof CliBuild, unknown>>;
  return typeof build.runCli === "function" && typeof build.killLiveGroups === "function";
}

/**
 * Runs the print bundle's module code and returns its exports, or undefined when there is no
 * bundle (the full build then serves). The code is compiled with the cached data V8 made when
 * the bundle last ran at build time: Node 20 has no compile cache for ES modules, and compiling
 * the bundle's code is most of a `keel -p` start-up. V8 checks the cache (its version, flags and
 * the source) and compiles normally when it does not fit. The bundle holds no import(): the
 * build turned those into require() calls (a vm.Script's import() is experimental in Node 20
 * and does not survive the code cache). With `cacheOut`, the cache for everything compiled by
 * the time the process exits is written there (the build's training run).
 */
export function loadPrintBundle(
  files: PrintBundleFiles,
  cacheOut?: string,
): LoadedPrintBundle | undefined {
  const bytes = readIfPresent(files.bundle);
  if (bytes === undefined) return undefined;
  const cachedData = readIfPresent(files.cache);
  // The bundle is ASCII (esbuild escapes the rest, and drops comments): a one-byte string is
  // made and read faster than the two-byte one UTF-8 text needs.
  const source = bytes.toString(isAscii(bytes) ? "latin1" : "utf8");
  // Node's own CommonJS wrapper: it keeps the bundle's line numbers (and its source map) true.
  const script = new Script(Module.wrap(source), { filename: files.bundle, cachedData });
  if (cacheOut !== undefined) {
    process.once("exit", () => writeFileSync(cacheOut, script.createCachedData()));
  }
  const module = { exports: {} };
  const factory = script.runInThisContext() as ModuleFactory;
  factory(module.exports, createRequire(files.bundle), module, files.bundle, dirname(files.bundle));
  if (!isCliBuild(module.exports)) {
    throw new Error(`${files.bundle} is not keel's print bundle: rebuild it with npm run build`);
  }
  const codeCache =
    cachedData === undefined ? "absent" : script.cachedDataRejected ? "rejected" : "used";
  return { build: module.exports, codeCache };
}
