import type { Message } from "../../../protocol/messages.js";
import { loadConversation, readTranscript } from "../../../session/transcript/index.js";

/**
 * The conversation as the REPL showed it, for drawing it again (after a rewind): read back
 * from the transcript up to the engine's last message, because the engine's history holds what
 * the model is sent, with old tool results cleared and their output dropped, while the
 * transcript keeps every result whole. The engine's history itself when there is no
 * transcript (--no-session-persistence) or it cannot be read to that message.
 */
export async function shownHistory(
  engineHistory: readonly Message[],
  transcriptPath: string | undefined,
): Promise<readonly Message[]> {
  const leafUuid = engineHistory.at(-1)?.uuid;
  if (transcriptPath === undefined || leafUuid === undefined) return engineHistory;
  try {
    const entries = await readTranscript(transcriptPath, { onWarning: () => {} });
    return loadConversation(entries, { leafUuid });
  } catch {
    return engineHistory;
  }
}
