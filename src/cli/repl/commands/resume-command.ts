import { ageText } from "../../age.js";
import { oneLine } from "../../prompt-text.js";
import { matchesSearch, type SessionSummary } from "../../session-list.js";
import { errorText } from "../error-text.js";
import type { ReplSession } from "../repl-session.js";
import { historyView, resumedNotice, shownMessages } from "../startup/history-view.js";
import { EMPTY_VIEW } from "../transcript-model.js";
import type { ReplHost } from "./host.js";
import type { SessionSwitcher } from "./session-extras.js";

async function openAndSwitch(
  host: ReplHost,
  sessions: SessionSwitcher<ReplSession>,
  summary: SessionSummary,
): Promise<void> {
  let opened: Awaited<ReturnType<typeof sessions.open>>;
  try {
    opened = await sessions.open(summary.sessionId);
  } catch (error) {
    host.notice(`Could not resume session ${summary.sessionId}: ${errorText(error)}`, "error");
    return;
  }
  const shown = (await opened.session.shownHistory?.()) ?? shownMessages(opened.messages);
  await host.switchTo(opened.session, historyView(shown, host.cwd, EMPTY_VIEW).done);
  host.notice(resumedNotice(summary.sessionId, shown));
}

/** Switches to the chosen session unless something started running since the picker opened. */
function resumeOne(host: ReplHost, summary: SessionSummary): Promise<void> {
  const sessions = host.activeSession.sessions;
  if (!sessions) {
    host.notice("/resume is not available in this session.", "error");
    return Promise.resolve();
  }
  return host.exclusive("/resume", () => openAndSwitch(host, sessions, summary));
}

/** A session's line in the picker: title, then age, size and (under a summary) first prompt. */
function pickerOption(summary: SessionSummary, now: number) {
  const first =
    summary.firstPrompt !== "" && summary.firstPrompt !== summary.title
      ? ` · "${oneLine(summary.firstPrompt, 40)}"`
      : "";
  return {
    label: oneLine(summary.title, 60),
    detail: `${ageText(now - summary.modifiedMs)} · ${summary.messageCount} messages${first}`,
  };
}

/**
 * `/resume` (and `keel --resume` without an id, at start-up): a picker of this project's
 * earlier sessions (newest first, with their summary or first prompt, age and size; `search`
 * keeps those whose title, first prompt or id has it); the chosen one replaces the running
 * session with its history loaded. Refused while a turn runs.
 */
export async function startResume(host: ReplHost, search = ""): Promise<void> {
  const sessions = host.activeSession.sessions;
  if (!sessions) {
    host.notice("/resume is not available in this session.", "error");
    return;
  }
  if (host.isBusy()) {
    host.notice("A turn is running: press Esc to end it before /resume.", "error");
    return;
  }
  let list: SessionSummary[];
  try {
    list = (await sessions.list()).filter((summary) => matchesSearch(summary, search));
  } catch (error) {
    host.notice(`Could not list the sessions: ${errorText(error)}`, "error");
    return;
  }
  if (list.length === 0) {
    const which = search.trim() === "" ? "" : ` matching "${search}"`;
    host.notice(`No earlier sessions${which} in this project.`);
    return;
  }
  const now = host.now();
  host.pick(
    "Resume which session?",
    list.map((s) => pickerOption(s, now)),
    (index) => {
      const summary = list[index];
      return summary ? resumeOne(host, summary) : undefined;
    },
  );
}
