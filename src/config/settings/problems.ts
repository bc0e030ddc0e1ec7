/**
 * What keel does about a problem in a settings file (contracts §12): `skipped` leaves the key
 * (or the whole file) out and applies the rest; `no-effect` is a Claude Code setting keel
 * accepts but does not have; `stops` is a broken permissions, hooks or sandbox setting, which
 * keel will not run without.
 */
export type SettingsProblemEffect = "skipped" | "no-effect" | "stops";

/** One problem in one settings file, named by file and key. */
export interface SettingsProblem {
  /** The file (or a label such as `--settings (inline JSON)` or `command line`). */
  file: string;
  /** Where in the JSON (`permissions.deny[2]`, `env.PORT`); empty for the whole file. */
  key: string;
  /** What is wrong, and what keel does about it. */
  message: string;
  effect: SettingsProblemEffect;
}

/** A problem as the one line the user sees: `<file>: <key>: <what is wrong>`. */
export function describeProblem(problem: SettingsProblem): string {
  const key = problem.key === "" ? "" : `${problem.key}: `;
  return `${problem.file}: ${key}${problem.message}`;
}

/** Collects one file's problems as it is checked. */
export class ProblemSink {
  readonly problems: SettingsProblem[] = [];
  constructor(readonly file: string) {}

  /** The key is left out; the rest of the file applies. */
  skip(key: string, message: string): void {
    this.problems.push({ file: this.file, key, message: `${message}; skipped`, effect: "skipped" });
  }

  /** A Claude Code setting keel accepts and says it does not have. */
  noEffect(key: string, message: string): void {
    this.problems.push({ file: this.file, key, message, effect: "no-effect" });
  }

  /** A broken permissions, hooks or sandbox setting: keel does not start. */
  stop(key: string, message: string): void {
    this.problems.push({ file: this.file, key, message, effect: "stops" });
  }
}
