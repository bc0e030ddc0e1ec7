import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { VERSION } from "../version.js";
import { isFullBuildNeeded } from "./full-build-needed.js";
import { createInterruptGuard } from "./interrupt-guard.js";
import type { CliIo } from "./io.js";
import { printBundleServes } from "./print-bundle-dispatch.js";
import { type CliBuild, loadPrintBundle, printBundleFiles } from "./print-bundle-loader.js";
import { capYoungGeneration } from "./young-generation.js";
import { v8YoungGeneration } from "./young-generation-v8.js";

/** Exit codes for the signals that stop keel (contracts.md §2). */
const SIGNAL_EXIT_CODES = { SIGINT: 130, SIGTERM: 143 } as const;

/** The builds this process loaded: each keeps its own record of the shells it started. */
const loaded: CliBuild[] = [];

/** Exits, killing first any shell process a cut-short stop left behind. */
function exit(code: number): never {
  for (const build of loaded) build.killLiveGroups();
  process.exit(code);
}

/** Where the build's training run has the print bundle's code cache written (never set by users). */
const CACHE_OUT = process.env.KEEL_CODE_CACHE_OUT;

/**
 * The print bundle for headless runs (see print-bundle-loader.ts), if it is there and loads: a
 * damaged one (an interrupted build) leaves the run to the full build.
 */
function printBundle(argv: string[]): CliBuild | undefined {
  if (!printBundleServes(argv)) return undefined;
  const files = printBundleFiles(dirname(fileURLToPath(import.meta.url)));
  const debug = (text: string) => process.env.KEEL_DEBUG && process.stderr.write(`keel: ${text}\n`);
  try {
    const loadedBundle = loadPrintBundle(files, CACHE_OUT);
    if (loadedBundle) debug(`${files.bundle}, code cache ${loadedBundle.codeCache}`);
    return loadedBundle?.build;
  } catch (error) {
    debug(`${files.bundle} did not load (${String(error)}); running the full build`);
    return undefined;
  }
}

/** The full build (its ES modules, with the REPL); the executable is CommonJS, so a dynamic import. */
async function fullBuild(): Promise<CliBuild> {
  return import("./cli-entry.js");
}

/** Runs `argv` in the print bundle when it serves them, else (or when it hands over) in the full build. */
async function run(argv: string[], io: CliIo): Promise<number> {
  const bundle = printBundle(argv);
  if (bundle) {
    loaded.push(bundle);
    try {
      return await bundle.runCli(argv, io);
    } catch (error) {
      if (!isFullBuildNeeded(error)) throw error;
    }
  }
  const full = await fullBuild();
  loaded.push(full);
  return full.runCli(argv, io);
}

/**
 * Fails the run if the event loop empties while it is still pending: nothing is left that could
 * ever settle it (a bug, or a preload that swallowed a stream), and Node would otherwise exit 0
 * as if the run had succeeded (after a signal, its exit code stands). Returns the guard's release.
 */
function failOnStall(signalled: () => keyof typeof SIGNAL_EXIT_CODES | undefined): () => void {
  const onStall = () => {
    process.stderr.write(
      "keel: internal error: the run stopped with its work unfinished and nothing left to wait for\n",
    );
    const signal = signalled();
    exit(signal ? SIGNAL_EXIT_CODES[signal] : 1);
  };
  process.once("beforeExit", onStall);
  return () => process.off("beforeExit", onStall);
}

/** The `keel` executable: answers --version before loading anything, maps signals to exit codes. */
async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  if (argv.length === 1 && (argv[0] === "--version" || argv[0] === "-v")) {
    process.stdout.write(`${VERSION} (keel)\n`);
    return;
  }
  // Not in the training run: a flag set before the cache is written would make it never fit.
  if (CACHE_OUT === undefined) capYoungGeneration(v8YoungGeneration);
  const controller = new AbortController();
  const interrupts = createInterruptGuard();
  let signalled: keyof typeof SIGNAL_EXIT_CODES | undefined;
  for (const name of ["SIGINT", "SIGTERM"] as const) {
    process.on(name, () => {
      if (name === "SIGINT" && interrupts.held) return; // an editor keel waits for owns Ctrl+C
      if (signalled) exit(SIGNAL_EXIT_CODES[signalled]);
      signalled = name;
      controller.abort(name);
    });
  }
  const releaseStallGuard = failOnStall(() => signalled);
  const code = await run(argv, {
    stdin: process.stdin,
    stdout: process.stdout,
    stderr: process.stderr,
    env: process.env,
    cwd: process.cwd(),
    signal: controller.signal,
    interrupts,
  });
  releaseStallGuard();
  exit(signalled ? SIGNAL_EXIT_CODES[signalled] : code);
}

// No top-level await: the executable is built as CommonJS (it starts faster than an ES module).
void main();
