import { join } from "node:path";
import type { SessionEvent } from "../../session/engine/session-event.js";
import {
  loadConversation,
  readTranscript,
  repairConversation,
  subagentTranscriptPath,
} from "../../session/transcript/index.js";
import type { TaskListStore } from "../../task-list/task-list-store.js";
import type { TaskStore } from "../../tasks/task-store.js";
import { planFolder } from "../../tools/builtin/plan-mode/plan-file.js";
import type { PermissionMode } from "../../tools/context.js";
import type { SessionTeam } from "../session-team.js";
import { teamRuntimeLimits } from "./runtime-limits.js";
import { TeamRuntime } from "./team-runtime.js";

/** What a CLI session's team is made of. */
export interface SessionTeamRuntimeInputs {
  env: Readonly<Record<string, string | undefined>>;
  stateDir: string;
  sessionId: string;
  cwd: string;
  /** The session's folder: teammates' transcripts and plan files are there. */
  sessionDir: string;
  /** The session's implicit team's files (src/teams/session-team.ts). */
  team: SessionTeam;
  /** The session's shared task list (the toolset's: the lead's Task* tools work on it too). */
  taskList?: TaskListStore;
  /** The session's task registry: teammates are `in_process_teammate` tasks in it. */
  taskRecords: TaskStore;
  deliver: (event: SessionEvent) => void;
  leadBusy: () => boolean;
  leadMode: () => PermissionMode;
  warn: (text: string) => void;
}

/**
 * The session's agent team: its runtime over the team's files and the session's shared task
 * list, its limits from the environment, teammates recorded as tasks, and a resumed member's
 * conversation read back from its transcript.
 */
export function createSessionTeamRuntime(inputs: SessionTeamRuntimeInputs): TeamRuntime {
  const { env, stateDir, sessionId, team, taskList: tasks } = inputs;
  return new TeamRuntime({
    team: team.name,
    sessionId,
    cwd: inputs.cwd,
    mailbox: team.mailbox,
    roster: team.roster,
    protocol: team.protocol,
    paths: {
      teamFile: team.paths.configFile,
      taskList: tasks?.dir ?? join(stateDir, "task-lists"),
    },
    planFolder: planFolder(inputs.sessionDir),
    ...(tasks ? { tasks } : {}),
    taskRecords: { store: inputs.taskRecords, sessionId, cwd: inputs.cwd },
    leadMode: inputs.leadMode,
    deliver: inputs.deliver,
    leadBusy: inputs.leadBusy,
    ...teamRuntimeLimits(env, inputs.warn),
    onError: (error) =>
      inputs.warn(`agent team: ${error instanceof Error ? error.message : String(error)}`),
    loadHistory: (agentId) => teammateHistory(inputs.sessionDir, agentId, inputs.warn),
  });
}

/** A teammate's conversation from its transcript (none: it starts afresh). */
async function teammateHistory(
  sessionDir: string,
  agentId: string,
  warn: (text: string) => void,
): Promise<ReturnType<typeof repairConversation>["messages"] | undefined> {
  const path = subagentTranscriptPath(sessionDir, agentId);
  const entries = await readTranscript(path, { onWarning: warn }).catch(() => undefined);
  if (!entries || entries.length === 0) return undefined;
  const ids = { uuid: () => crypto.randomUUID(), timestamp: () => new Date().toISOString() };
  return repairConversation(loadConversation(entries), ids).messages;
}
