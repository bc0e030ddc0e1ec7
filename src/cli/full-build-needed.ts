/**
 * Raised by the print bundle (dist/print.cjs, which has no terminal UI) when the arguments turn
 * out to want the REPL: bin.ts then runs the same arguments in the full build. It is raised
 * before anything else has happened, so running again is exact.
 */
export class FullBuildNeeded extends Error {
  /** A code rather than `instanceof`: the print bundle and the full build are separate copies. */
  readonly code = "KEEL_FULL_BUILD_NEEDED";

  constructor() {
    super("the interactive REPL is not part of keel's print bundle");
  }
}

/** Whether `error` is a FullBuildNeeded from either build. */
export function isFullBuildNeeded(error: unknown): boolean {
  return (
    typeof error === "object" &&
    error !== null &&
    (error as { code?: unknown }).code === "KEEL_FULL_BUILD_NEEDED"
  );
}
