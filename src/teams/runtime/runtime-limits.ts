import { z } from "zod";
import {
  DEFAULT_LEAD_POLL_MS,
  DEFAULT_MAX_TEAMMATES,
  DEFAULT_TEAMMATE_POLL_MS,
} from "./team-runtime.js";

/** The team's limits and poll intervals, as the environment sets them. */
interface TeamRuntimeLimits {
  maxTeammates: number;
  teammatePollMs: number;
  leadPollMs: number;
}

const positiveInt = z.coerce.number().int().positive();

/** A variable's positive whole number; a value that is not one is reported and the default kept. */
function read(
  env: Readonly<Record<string, string | undefined>>,
  name: string,
  fallback: number,
  warn: (text: string) => void,
): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === "") return fallback;
  const parsed = positiveInt.safeParse(raw);
  if (parsed.success) return parsed.data;
  warn(`${name}=${raw} is not a positive whole number; using ${fallback}`);
  return fallback;
}

/**
 * `KEEL_MAX_TEAMMATES` (default 8), `KEEL_TEAMMATE_POLL_MS` (an idle teammate's look for work,
 * default 500) and `KEEL_TEAM_LEAD_POLL_MS` (the lead's inbox, default 1000).
 */
export function teamRuntimeLimits(
  env: Readonly<Record<string, string | undefined>>,
  warn: (text: string) => void,
): TeamRuntimeLimits {
  return {
    maxTeammates: read(env, "KEEL_MAX_TEAMMATES", DEFAULT_MAX_TEAMMATES, warn),
    teammatePollMs: read(env, "KEEL_TEAMMATE_POLL_MS", DEFAULT_TEAMMATE_POLL_MS, warn),
    leadPollMs: read(env, "KEEL_TEAM_LEAD_POLL_MS", DEFAULT_LEAD_POLL_MS, warn),
  };
}
