import { oneLine, type PromptChoice, promptChoices } from "../../prompt-text.js";
import { errorText } from "../error-text.js";
import type { ReplSession } from "../repl-session.js";
import { historyView, shownMessages } from "../startup/history-view.js";
import { EMPTY_VIEW } from "../transcript-model.js";
import type { ReplHost } from "./host.js";

async function rewindNow(
  host: ReplHost,
  session: ReplSession,
  rewind: (uuid: string) => Promise<string[] | false>,
  choice: PromptChoice,
): Promise<void> {
  let restored: string[] | false;
  try {
    restored = await rewind(choice.uuid);
  } catch (error) {
    host.notice(`Rewind failed: ${errorText(error)}`, "error");
    return;
  }
  if (restored === false) {
    host.notice("That prompt is no longer in the conversation (it was compacted).", "error");
    return;
  }
  const shown = (await session.shownHistory?.()) ?? shownMessages(session.history?.() ?? []);
  host.rebuildView(historyView(shown, host.cwd, EMPTY_VIEW).done);
  const files = restored.length === 0 ? "no files changed" : `restored ${restored.join(", ")}`;
  host.notice(`Rewound to before "${oneLine(choice.text)}" (${files}).`);
  host.putDraft(choice.text);
}

/** Rewinds unless something started running since the picker opened. */
function rewindTo(host: ReplHost, choice: PromptChoice): Promise<void> {
  const session = host.activeSession;
  const rewind = session.rewind?.bind(session);
  if (!rewind) {
    host.notice("/rewind is not available in this session.", "error");
    return Promise.resolve();
  }
  return host.exclusive("/rewind", () => rewindNow(host, session, rewind, choice));
}

/**
 * `/rewind`: a picker of this session's earlier prompts, newest first; the chosen one is
 * undone with everything after it (conversation and files) and its text goes back into the
 * input box. Refused while a turn runs.
 */
export function startRewind(host: ReplHost): void {
  const session = host.activeSession;
  if (!session.rewind || !session.history) {
    host.notice("/rewind is not available in this session.", "error");
    return;
  }
  if (host.isBusy()) {
    host.notice("A turn is running: press Esc to end it before /rewind.", "error");
    return;
  }
  const choices = promptChoices(session.history());
  if (choices.length === 0) {
    host.notice("Nothing to rewind: no prompt has been sent in this conversation yet.");
    return;
  }
  host.pick(
    "Rewind to before which prompt? (files and conversation go back)",
    choices.map((choice) => ({ label: oneLine(choice.text) })),
    (index) => {
      const choice = choices[index];
      return choice ? rewindTo(host, choice) : undefined;
    },
  );
}
