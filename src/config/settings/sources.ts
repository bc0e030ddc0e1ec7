import { join } from "node:path";

/** Where a layer of settings came from, lowest precedence first (see SOURCE_ORDER). */
export type SettingsSource =
  | "userClaude"
  | "userKeel"
  | "project"
  | "local"
  | "flagSettings"
  | "cli";

/** Precedence, lowest first: a later source wins a scalar; rule arrays are concatenated. */
export const SOURCE_ORDER: readonly SettingsSource[] = [
  "userClaude",
  "userKeel",
  "project",
  "local",
  "flagSettings",
  "cli",
];

/** The sources a cloned repository writes: its `.claude/settings.json` and `settings.local.json`. */
export const PROJECT_SOURCES: ReadonlySet<SettingsSource> = new Set(["project", "local"]);

/** The folders settings loading depends on (injected so tests use temp folders). */
export interface SettingsRoots {
  /** The home folder (`~`). */
  home: string;
  /** keel's state folder (KEEL_CONFIG_DIR or ~/.keel). */
  stateDir: string;
  /** The working folder: the project root. */
  cwd: string;
}

/** A settings file keel reads, with the source it counts as. */
export interface SettingsFileLocation {
  source: SettingsSource;
  path: string;
}

/** The settings files keel reads, lowest precedence first. */
export function settingsFileLocations(roots: SettingsRoots): SettingsFileLocation[] {
  return [
    { source: "userClaude", path: join(roots.home, ".claude", "settings.json") },
    { source: "userKeel", path: join(roots.stateDir, "settings.json") },
    { source: "project", path: join(roots.cwd, ".claude", "settings.json") },
    { source: "local", path: join(roots.cwd, ".claude", "settings.local.json") },
  ];
}

/**
 * The folder `/path` rules of a source are anchored to (contracts.md §6): the folder of the
 * settings' owner — the project root, `~/.claude`, keel's state folder, or the working folder.
 */
export function anchorRootOf(source: SettingsSource, roots: SettingsRoots): string {
  switch (source) {
    case "userClaude":
      return join(roots.home, ".claude");
    case "userKeel":
      return roots.stateDir;
    default:
      return roots.cwd;
  }
}
