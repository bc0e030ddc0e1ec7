/** The lead's name in its team (Claude Code's `team-lead`). */
export const TEAM_LEAD_NAME = "team-lead";

/** Longest name kept: a name is a file name (an inbox) and part of every agent id. */
const MAX_NAME_LENGTH = 64;

/** A name that cannot be made into a safe path segment. */
export class TeamNameError extends Error {}

/** A name keel generates and accepts as a path segment: `[a-z0-9]` runs joined by single `-`. */
export function isSafeName(name: string): boolean {
  return name.length <= MAX_NAME_LENGTH && /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(name);
}

/**
 * A team or member name as keel writes it: lower case, anything but letters and digits a `-`,
 * runs of `-` joined and trimmed — the one form both of Claude Code's sanitisers agree on
 * (task-types.md §1.4). A name with nothing left (`..`, `/`, ``) or too long is refused.
 */
export function safeName(raw: string): string {
  const name = raw
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  if (name === "")
    throw new TeamNameError(`"${raw}" is not a usable name: it has no letters or digits`);
  if (name.length > MAX_NAME_LENGTH) {
    throw new TeamNameError(
      `"${raw}" is too long for a name (at most ${MAX_NAME_LENGTH} characters)`,
    );
  }
  return name;
}

/** The session's implicit team (Claude Code ≥ 2.1.178): `session-` and the id's first 8 characters. */
export function implicitTeamName(sessionId: string): string {
  return safeName(`session-${sessionId.slice(0, 8)}`);
}

/** A member's agent id: `name@team`. */
export function teamAgentId(name: string, team: string): string {
  return `${name}@${team}`;
}
