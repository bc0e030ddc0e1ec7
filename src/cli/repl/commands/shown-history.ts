import type { Message } from "../../../protocol/messages.js";
import {
  readTranscript,
  type ShownEntry,
  shownConversation,
} from "../../../session/transcript/index.js";
import { shownMessages } from "../startup/history-view.js";

/**
 * The conversation as the REPL showed it, for drawing it again (/resume, /rewind, a resumed
 * start): read back from the transcript up to the engine's last message, because the engine's
 * history holds what the model is sent (from the last compaction on, old tool results
 * cleared), while the transcript keeps every message whole, what came before a compaction, and
 * the answers the person interrupted. The engine's history itself when there is no transcript
 * (--no-session-persistence) or it cannot be read to that message.
 */
export async function shownHistory(
  engineHistory: readonly Message[],
  transcriptPath: string | undefined,
): Promise<readonly ShownEntry[]> {
  const leafUuid = engineHistory.at(-1)?.uuid;
  if (transcriptPath === undefined || leafUuid === undefined) return shownMessages(engineHistory);
  try {
    const entries = await readTranscript(transcriptPath, { onWarning: () => {} });
    const shown = shownConversation(entries, leafUuid);
    return shown.length > 0 ? shown : shownMessages(engineHistory);
  } catch {
    return shownMessages(engineHistory);
  }
}
