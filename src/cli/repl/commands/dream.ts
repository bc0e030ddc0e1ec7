import type { DreamOutcome } from "../../../memory/dream-pass.js";

/** Why a session has no auto memory to dream over. */
export const AUTO_MEMORY_OFF =
  "Auto memory is off for this session, so there is nothing to dream over. /memory auto on turns it on (the autoMemoryEnabled setting; CLAUDE_CODE_DISABLE_AUTO_MEMORY, when set, decides instead).";

/** The session's dream pass (for /dream): its memory folder and a run of the pass over it. */
export interface DreamView {
  /** The session's auto memory folder; undefined when auto memory is off. */
  memoryDir(): string | undefined;
  /** Runs the pass over the folder now; `onStep` hears each tool the agent calls. */
  run(signal: AbortSignal, onStep: (text: string) => void): Promise<DreamOutcome>;
}

/** The line a finished (or refused) pass leaves in the transcript. */
export function dreamOutcomeText(outcome: DreamOutcome): string {
  return outcome.type === "done"
    ? outcome.summary
    : `Another dream is running on this memory folder (PID ${outcome.holderPid}); try again when it ends.`;
}
