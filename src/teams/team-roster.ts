import type { TeamRosterPort } from "./runtime/team-ports.js";
import {
  addTeamMember,
  createTeamFile,
  readTeamFile,
  removeTeamMember,
  setMemberActive,
  type TeamFileLocation,
} from "./team-file.js";
import { TEAM_LEAD_NAME } from "./team-names.js";

/** Who leads the team whose file a roster keeps. */
interface RosterLead {
  sessionId: string;
  cwd: string;
  now?: () => Date;
}

/** The team file as the team runtime changes it (its TeamRosterPort). */
export function teamRoster(where: TeamFileLocation, lead: RosterLead): TeamRosterPort {
  const now = lead.now ?? (() => new Date());
  return {
    async members() {
      const file = await readTeamFile(where);
      return (file?.members ?? []).filter((m) => m.name !== TEAM_LEAD_NAME);
    },
    async ensure() {
      await createTeamFile(where, { leadSessionId: lead.sessionId, cwd: lead.cwd, now });
    },
    async addMember(member) {
      const { agentId: _derived, ...fields } = member;
      await addTeamMember(where, fields, now);
    },
    setActive: (name, active) => setMemberActive(where, name, active),
    removeMember: (name) => removeTeamMember(where, name),
  };
}
