import { envFlag } from "../config/env-flag.js";

/** Claude Code's switch for agent teams. */
const AGENT_TEAMS_VARIABLE = "CLAUDE_CODE_EXPERIMENTAL_AGENT_TEAMS";

/** What decides whether agent teams are on. */
interface TeamsSwitch {
  /** The process's environment. */
  env: Readonly<Record<string, string | undefined>>;
  /** The merged settings: their `env` (over the process's) and keel's own `teams`. */
  settings: { env?: Readonly<Record<string, string>>; teams?: boolean };
}

/** The values Claude Code reads as "off" (so `0` in a settings file's env turns teams off). */
function isOff(value: string): boolean {
  return ["0", "false", "no", "off"].includes(value.trim().toLowerCase());
}

/**
 * Whether agent teams are on: `CLAUDE_CODE_EXPERIMENTAL_AGENT_TEAMS=1` (a settings file's `env`
 * over the process's), or keel's `teams: true` setting. An explicit off value of the variable
 * wins over the setting, as Claude Code lets `0` in settings turn named spawns back into subagents.
 */
export function teamsEnabled({ env, settings }: TeamsSwitch): boolean {
  const value = settings.env?.[AGENT_TEAMS_VARIABLE] ?? env[AGENT_TEAMS_VARIABLE];
  if (value !== undefined && isOff(value)) return false;
  return envFlag(value) || settings.teams === true;
}
