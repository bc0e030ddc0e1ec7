/** Builds the keel CLI into `outdir` (default dist/) and returns the path of its entry file. */
export function buildCli(outdir?: string): Promise<string>;
