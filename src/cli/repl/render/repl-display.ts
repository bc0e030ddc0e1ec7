import { createFileIndex } from "../completion/file-index.js";
import { listProjectFiles } from "../completion/project-files.js";
import { colorWanted, type DisplaySettings } from "./display-settings.js";

/** A file listing that takes longer than this is given up (completion then offers nothing). */
const LISTING_TIMEOUT_MS = 10_000;

/** What the REPL's display settings are decided from. */
export interface ReplDisplayInputs {
  cwd: string;
  env: Readonly<Record<string, string | undefined>>;
  /** Whether stdout is a terminal. */
  isTTY: boolean;
  verbose: boolean;
}

/** The REPL's display settings: colour, verbosity, and the project's files for `@` (lazy). */
export function replDisplay(inputs: ReplDisplayInputs): DisplaySettings {
  const { cwd, env } = inputs;
  return {
    color: colorWanted(env, inputs.isTTY),
    verbose: inputs.verbose,
    files: createFileIndex(() =>
      listProjectFiles({ cwd, env, signal: AbortSignal.timeout(LISTING_TIMEOUT_MS) }),
    ),
  };
}
