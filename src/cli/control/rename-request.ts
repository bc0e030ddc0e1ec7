import type { Answer, HostHandlers, HostTargets } from "./host-handler.js";

/**
 * rename_session: the session's title becomes `title`, recorded as -n/--name records it (a
 * custom-title record), so `--resume`'s picker and the SDK's listSessions() show it. `source`
 * is not read: keel makes no other difference between a person's title and a host's.
 */
function renameSession(targets: HostTargets, request: Record<string, unknown>): Answer {
  const { title, session_id: sessionId } = request;
  if (typeof title !== "string" || title.trim() === "") {
    return { error: "rename_session: title must be a non-empty string" };
  }
  const current = targets.session.engine.sessionId;
  if (sessionId !== undefined && sessionId !== current) {
    return {
      error: `rename_session: the title is for session ${String(sessionId)}, but this process runs session ${current}`,
    };
  }
  if (!targets.session.retitle(title.trim())) {
    return {
      error:
        "rename_session: this session keeps no transcript (--no-session-persistence), so it has no title to record",
    };
  }
  return { ok: {} };
}

/** The session-naming request. */
export const RENAME_HANDLERS: HostHandlers = {
  rename_session: renameSession,
};
