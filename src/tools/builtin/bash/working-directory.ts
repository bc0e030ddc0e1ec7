import { readFileSync, realpathSync, statSync, unlinkSync } from "node:fs";
import { isAbsolute } from "node:path";

/** Where the next command starts, and a note when the remembered folder had to be given up. */
export interface StartDirectory {
  cwd: string;
  note?: string;
}

/**
 * The shell's working directory across the calls of one session: each command starts where
 * the previous one ended (its `cd`s persist), falling back to the session's folder when the
 * remembered one has been removed. With `maintainProjectDir` (Claude Code's
 * CLAUDE_BASH_MAINTAIN_PROJECT_WORKING_DIR) every command starts in the session's folder.
 */
export class WorkingDirectory {
  private current: string;
  private readonly sessionReal: string;

  constructor(
    private readonly sessionCwd: string,
    private readonly maintainProjectDir = false,
  ) {
    this.current = sessionCwd;
    this.sessionReal = realOrSame(sessionCwd);
  }

  /** The directory commands run in now. */
  get path(): string {
    return this.current;
  }

  /** The directory for the next command (checked to still exist). */
  start(): StartDirectory {
    if (this.current === this.sessionCwd || isDirectory(this.current)) return { cwd: this.current };
    const gone = this.current;
    this.current = this.sessionCwd;
    return {
      cwd: this.sessionCwd,
      note: `The working directory ${gone} no longer exists; the command ran in ${this.sessionCwd}.`,
    };
  }

  /**
   * Takes the directory the shell reported at exit (from `cwdFile`), then removes the file;
   * returns the note Claude Code adds when it put the shell back in the session's folder.
   * Synchronous on purpose: a one-line file costs microseconds, while the promise API's
   * open/read/close/unlink each wait for a thread-pool round trip on every Bash call.
   */
  learn(cwdFile: string): string | undefined {
    let reported = "";
    try {
      reported = readFileSync(cwdFile, "utf8");
      unlinkSync(cwdFile); // not rmSync: that takes a slower, recursive path even for one file
    } catch {
      // No report (the shell was killed before its EXIT trap ran): keep the current folder.
    }
    const cwd = reported.endsWith("\n") ? reported.slice(0, -1) : reported;
    if (cwd === "" || !isAbsolute(cwd)) return undefined;
    if (!this.maintainProjectDir) {
      this.current = cwd;
      return undefined;
    }
    this.current = this.sessionCwd;
    return cwd === this.sessionReal ? undefined : `Shell cwd was reset to ${this.sessionCwd}`;
  }
}

function realOrSame(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/**
 * The command prefixed (on the same line, so bash's line numbers stay the model's) with a
 * trap that writes the final directory to `cwdFile` when the shell exits.
 */
export function wrapWithCwdReport(command: string, cwdFile: string): string {
  const quoted = `'${cwdFile.replace(/'/g, `'\\''`)}'`;
  return `__keel_report_cwd() { pwd -P >| ${quoted} 2>/dev/null; }; trap __keel_report_cwd EXIT; ${command}`;
}
