/** What the built-in tools of one session are created with. */
export interface BuiltinToolsConfig {
  /** The working folder the session started in (Bash starts here). */
  cwd: string;
  /** This session's folder: full outputs that were cut are saved here, where Read can reach them. */
  sessionDir: string;
  /** keel's state folder: readable like a working folder (contracts.md §6). */
  stateDir: string;
  /** The environment tools run with (Bash children inherit it; timeouts are read from it). */
  env: Readonly<Record<string, string | undefined>>;
}
