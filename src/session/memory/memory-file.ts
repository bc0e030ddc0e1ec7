/** Where a memory file comes from, which decides how it is described to the model. */
export type MemoryScope = "user" | "project" | "local";

/** One memory file (CLAUDE.md, AGENTS.md, a rules file or an import) as it goes into context. */
export interface MemoryFile {
  /** The path it was found at (not resolved through symlinks), for display. */
  path: string;
  scope: MemoryScope;
  /** The text after frontmatter and block HTML comments were stripped (and truncation). */
  content: string;
  /** Set for a conditional rules file: the `paths` globs that made it load. */
  conditionalGlobs?: string[];
}

/** Receives a non-fatal problem (a missing import, an unreadable file, a truncation). */
export type MemoryWarningHandler = (message: string) => void;

/** The folders memory is discovered from; injected so tests can use temp dirs. */
export interface MemoryRoots {
  /** The working folder. */
  cwd: string;
  /** The user's home folder (holds ~/.claude). */
  home: string;
  /** keel's state folder (KEEL_CONFIG_DIR or ~/.keel). */
  stateDir: string;
}
