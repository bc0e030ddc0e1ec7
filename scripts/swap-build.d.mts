/** Where the builds behind `outdir` live. */
export function buildsFolderOf(outdir: string): string;
/** Runs `write(folder)` into a fresh build folder, then points `outdir` at it; returns the folder. */
export function publishBuild(
  outdir: string,
  write: (folder: string) => Promise<void>,
): Promise<string>;
