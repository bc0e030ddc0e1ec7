import { type DroppedEntries, type Mailbox, openMailbox } from "./mailbox.js";
import { teamProtocol } from "./protocol-port.js";
import type { TeamProtocolPort, TeamRosterPort } from "./runtime/team-ports.js";
import { implicitTeamName } from "./team-names.js";
import { type TeamPaths, teamPaths } from "./team-paths.js";
import { teamRoster } from "./team-roster.js";

/** A session's implicit team: its name, files, mailbox, roster and protocol. */
export interface SessionTeam {
  name: string;
  paths: TeamPaths;
  mailbox: Mailbox;
  roster: TeamRosterPort;
  protocol: TeamProtocolPort;
}

interface SessionTeamInputs {
  /** KEEL_CONFIG_DIR (the state folder). */
  configDir: string;
  sessionId: string;
  cwd: string;
  now?: () => Date;
  /** Told of inbox entries removed as malformed. */
  onDropped?: (dropped: DroppedEntries) => void;
}

/** The session's team (`session-<first 8 of its id>`); nothing is written until it is used. */
export function openSessionTeam(inputs: SessionTeamInputs): SessionTeam {
  const name = implicitTeamName(inputs.sessionId);
  const now = inputs.now ?? (() => new Date());
  const where = { configDir: inputs.configDir, team: name };
  return {
    name,
    paths: teamPaths(inputs.configDir, name),
    mailbox: openMailbox({
      ...where,
      now,
      ...(inputs.onDropped ? { onDropped: inputs.onDropped } : {}),
    }),
    roster: teamRoster(where, { sessionId: inputs.sessionId, cwd: inputs.cwd, now }),
    protocol: teamProtocol(now),
  };
}
