import { join } from "node:path";
import { projectDir } from "../../config/paths.js";

/** A session's transcript file: <state>/projects/<sanitized cwd>/<session id>.jsonl. */
export function sessionTranscriptPath(stateDir: string, cwd: string, sessionId: string): string {
  return join(projectDir(stateDir, cwd), `${sessionId}.jsonl`);
}

/** A subagent's sidechain transcript inside its parent session's folder. */
export function subagentTranscriptPath(sessionDir: string, agentId: string): string {
  return join(sessionDir, "subagents", `agent-${agentId}.jsonl`);
}
