import { readFile } from "node:fs/promises";
import { z } from "zod";
import { type LockBudget, withFileLock } from "../task-list/list-lock.js";
import { writeFileAtomic } from "../tasks/atomic-write.js";
import { TEAM_LEAD_NAME, teamAgentId } from "./team-names.js";
import { teamPaths } from "./team-paths.js";

/** The team file's lock budget (Claude Code's team helpers share the mailbox's: 10 × 5–100 ms). */
const TEAM_FILE_LOCK_BUDGET: LockBudget = {
  retries: 10,
  minTimeoutMs: 5,
  maxTimeoutMs: 100,
};

/**
 * One member (task-types.md §1.4). Loose: fields other tools write (tmuxPaneId, worktreePath,
 * mode…) are kept as they are.
 */
const teamMemberSchema = z.looseObject({
  agentId: z.string().min(1),
  name: z.string().min(1),
  agentType: z.string().optional(),
  model: z.string().optional(),
  prompt: z.string().optional(),
  color: z.string().optional(),
  planModeRequired: z.boolean().optional(),
  joinedAt: z.number(),
  cwd: z.string(),
  sessionId: z.string().optional(),
  subscriptions: z.array(z.string()),
  backendType: z.enum(["in-process", "tmux", "iterm2"]).optional(),
  isActive: z.boolean().optional(),
});

/** The team file, `teams/<team>/config.json` (Claude Code's v2.1.88 shape). */
const teamFileSchema = z.looseObject({
  name: z.string().min(1),
  description: z.string().optional(),
  createdAt: z.number(),
  leadAgentId: z.string().min(1),
  leadSessionId: z.string().optional(),
  members: z.array(teamMemberSchema),
});

type TeamMember = z.infer<typeof teamMemberSchema>;
type TeamFile = z.infer<typeof teamFileSchema>;

/** A team file that is not JSON or not the shape: nothing was changed. */
export class TeamFileError extends Error {}

/** Where a team file is and how it is changed. */
export interface TeamFileLocation {
  configDir: string;
  team: string;
  budget?: LockBudget;
}

/** The team file, or undefined when there is none (an empty file is one being created). */
export async function readTeamFile(where: TeamFileLocation): Promise<TeamFile | undefined> {
  const path = teamPaths(where.configDir, where.team).configFile;
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
  if (text.trim() === "") return undefined;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new TeamFileError(`${path} is not JSON (${(error as Error).message})`);
  }
  const parsed = teamFileSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new TeamFileError(
      `${path} is not a team file: ${issue?.path.join(".") || "(top)"}: ${issue?.message}`,
    );
  }
  return parsed.data;
}

/** Changes the team file under its lock; `change` returning undefined leaves it as it is. */
async function changeTeamFile(
  where: TeamFileLocation,
  change: (file: TeamFile | undefined) => TeamFile | undefined,
): Promise<TeamFile | undefined> {
  const path = teamPaths(where.configDir, where.team).configFile;
  return withFileLock(path, where.budget ?? TEAM_FILE_LOCK_BUDGET, async () => {
    const before = await readTeamFile(where);
    const after = change(before);
    if (after !== undefined && after !== before) {
      await writeFileAtomic(path, `${JSON.stringify(after, null, 2)}\n`);
    }
    return after ?? before;
  });
}

/** Who leads a new team. */
interface NewTeam {
  leadSessionId: string;
  cwd: string;
  /** The lead's model, when known. */
  model?: string;
  now?: () => Date;
}

/** Creates the team file with the lead as its only member; an existing file is kept as it is. */
export async function createTeamFile(where: TeamFileLocation, team: NewTeam): Promise<TeamFile> {
  const now = (team.now ?? (() => new Date()))().getTime();
  const leadAgentId = teamAgentId(TEAM_LEAD_NAME, where.team);
  const created = await changeTeamFile(
    where,
    (file) =>
      file ?? {
        name: where.team,
        createdAt: now,
        leadAgentId,
        leadSessionId: team.leadSessionId,
        members: [
          {
            agentId: leadAgentId,
            name: TEAM_LEAD_NAME,
            agentType: TEAM_LEAD_NAME,
            ...(team.model ? { model: team.model } : {}),
            joinedAt: now,
            cwd: team.cwd,
            sessionId: team.leadSessionId,
            subscriptions: [],
            backendType: "in-process",
          },
        ],
      },
  );
  if (!created) throw new TeamFileError(`the team file of ${where.team} could not be created`);
  return created;
}

/** A member as keel adds one (its agent id, join time and defaults are filled in). */
interface NewMember {
  name: string;
  agentType?: string;
  model?: string;
  prompt?: string;
  color?: string;
  planModeRequired?: boolean;
  cwd: string;
  sessionId?: string;
  isActive?: boolean;
}

function requireFile(file: TeamFile | undefined, where: TeamFileLocation): TeamFile {
  if (!file) throw new TeamFileError(`team ${where.team} has no team file`);
  return file;
}

/** Adds a member (an existing member of that name is replaced: a teammate that came back). */
export async function addTeamMember(
  where: TeamFileLocation,
  member: NewMember,
  now: () => Date = () => new Date(),
): Promise<TeamFile> {
  const file = await changeTeamFile(where, (before) => {
    const current = requireFile(before, where);
    const entry: TeamMember = {
      ...member,
      agentId: teamAgentId(member.name, where.team),
      joinedAt: now().getTime(),
      subscriptions: [],
      backendType: "in-process",
      isActive: member.isActive ?? true,
    };
    return {
      ...current,
      members: [...current.members.filter((m) => m.name !== member.name), entry],
    };
  });
  return requireFile(file, where);
}

/** Marks a member busy (true) or idle (false); an unknown name changes nothing. */
export async function setMemberActive(
  where: TeamFileLocation,
  name: string,
  active: boolean,
): Promise<void> {
  await changeTeamFile(where, (before) => {
    const current = requireFile(before, where);
    if (!current.members.some((m) => m.name === name && m.isActive !== active)) return undefined;
    return {
      ...current,
      members: current.members.map((m) => (m.name === name ? { ...m, isActive: active } : m)),
    };
  });
}

/** Removes a member (a teammate that shut down); an unknown name changes nothing. */
export async function removeTeamMember(where: TeamFileLocation, name: string): Promise<void> {
  await changeTeamFile(where, (before) => {
    if (!before?.members.some((m) => m.name === name)) return undefined;
    return { ...before, members: before.members.filter((m) => m.name !== name) };
  });
}
