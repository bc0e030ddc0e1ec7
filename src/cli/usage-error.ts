/** A problem with the command line or its inputs, reported before any turn runs (exit 1). */
export class UsageError extends Error {}
