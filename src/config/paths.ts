import { homedir } from "node:os";
import { join } from "node:path";

/** keel's state folder: KEEL_CONFIG_DIR, else ~/.keel (contracts.md §3). */
export function keelStateDir(
  env: Readonly<Record<string, string | undefined>>,
  home = homedir(),
): string {
  const configured = env.KEEL_CONFIG_DIR?.trim();
  return configured ? configured : join(home, ".keel");
}

/** A working folder as a file name: every non-alphanumeric character replaced by '-'. */
export function sanitizeCwd(cwd: string): string {
  return cwd.replace(/[^a-zA-Z0-9]/g, "-");
}

/** Where a project's transcripts live: <state>/projects/<sanitized cwd>. */
export function projectDir(stateDir: string, cwd: string): string {
  return join(stateDir, "projects", sanitizeCwd(cwd));
}

/** A session's own folder (spilled tool results, file history, subagent sidechains). */
export function sessionDir(stateDir: string, cwd: string, sessionId: string): string {
  return join(projectDir(stateDir, cwd), sessionId);
}
