import { join } from "node:path";
import { isSafeName, TeamNameError } from "./team-names.js";

/** Where a team's files are (task-types.md §1.4), under keel's config folder. */
export interface TeamPaths {
  /** `KEEL_CONFIG_DIR/teams/<team>/` */
  dir: string;
  /** The team file, `config.json`. */
  configFile: string;
  /** `inboxes/`: one JSON array per recipient. */
  inboxesDir: string;
  /** `inboxes/<name>.json` (its lock is `<name>.json.lock`). */
  inbox(name: string): string;
}

/** Refuses a name that is not already a safe path segment (never `..`, `/` or empty). */
function segment(name: string, what: string): string {
  if (!isSafeName(name))
    throw new TeamNameError(`${what} "${name}" is not a safe name ([a-z0-9-])`);
  return name;
}

export function teamPaths(configDir: string, team: string): TeamPaths {
  const dir = join(configDir, "teams", segment(team, "team"));
  const inboxesDir = join(dir, "inboxes");
  return {
    dir,
    configFile: join(dir, "config.json"),
    inboxesDir,
    inbox: (name) => join(inboxesDir, `${segment(name, "recipient")}.json`),
  };
}
