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

/**
 * `KEEL_DIALOG_KEY_GUARD_MS`: how long after a permission dialog's first draw keys do not
 * answer it (tests that answer at once set 0); unset or not a whole number: the default.
 */
function dialogKeyGuard(env: ReplDisplayInputs["env"]): { dialogKeyGuardMs?: number } {
  const text = env.KEEL_DIALOG_KEY_GUARD_MS;
  const value = Number(text);
  return text !== undefined && text.trim() !== "" && Number.isInteger(value) && value >= 0
    ? { dialogKeyGuardMs: value }
    : {};
}

/** The REPL's display settings: colour, verbosity, and the project's files for `@` (lazy). */
export function replDisplay(inputs: ReplDisplayInputs): DisplaySettings {
  const { cwd, env } = inputs;
  return {
    color: colorWanted(env, inputs.isTTY),
    verbose: inputs.verbose,
    ...dialogKeyGuard(env),
    files: createFileIndex(() =>
      listProjectFiles({ cwd, env, signal: AbortSignal.timeout(LISTING_TIMEOUT_MS) }),
    ),
  };
}
