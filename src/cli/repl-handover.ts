import { FullBuildNeeded } from "./full-build-needed.js";

// The print bundle's build (scripts/print-bundle.mjs) resolves the REPL's entry modules here:
// the REPL needs ink, which Node 20 cannot load into a CommonJS bundle. bin.ts catches the
// error and starts the full build, which has the REPL.

/** Stands for src/cli/repl/run-repl.ts in the print bundle. */
export async function runRepl(): Promise<never> {
  throw new FullBuildNeeded();
}

/** Stands for src/cli/repl/startup/continue-in-repl.ts in the print bundle. */
export async function continueInRepl(): Promise<never> {
  throw new FullBuildNeeded();
}

/** Stands for src/cli/repl/startup/folder-code.ts (its commands' lines need the REPL's modules). */
export async function folderCode(): Promise<never> {
  throw new FullBuildNeeded();
}

/** Stands for src/cli/repl/startup/folder-code.ts; never reached before folderCode. */
export function offSummary(): never {
  throw new FullBuildNeeded();
}
