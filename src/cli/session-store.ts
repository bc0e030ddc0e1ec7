import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sessionDir } from "../config/paths.js";
import type { Message } from "../protocol/messages.js";
import type { TranscriptSink } from "../session/engine/config.js";
import type { SubagentRunnerDeps } from "../session/subagent-runner.js";
import {
  openTranscript,
  sessionTranscriptPath,
  subagentTranscriptPath,
} from "../session/transcript/index.js";
import { VERSION } from "../version.js";

type SidechainFactory = NonNullable<SubagentRunnerDeps["sidechain"]>;

/** Where a session keeps its files, and how its transcript is written. */
export interface SessionStore {
  /** Spilled tool results, file history, subagent sidechains. */
  sessionDir: string;
  /** The transcript, or undefined with --no-session-persistence. */
  transcript: TranscriptSink | undefined;
  /** Opens a subagent's sidechain transcript (undefined without persistence). */
  sidechain: SidechainFactory | undefined;
  /** Closes the transcript; removes the temporary folder of a session that persists nothing. */
  close(): Promise<void>;
}

/** What a session store is opened with. */
export interface SessionStoreInputs {
  stateDir: string;
  cwd: string;
  sessionId: string;
  persist: boolean;
  /** The conversation the session starts from (a resume or a fork); written when missing. */
  history: readonly Message[];
  onError: (error: Error) => void;
}

/**
 * Opens a session's files (contracts.md §3): the JSONL transcript and the session folder
 * under keel's state folder, or, without persistence, a temporary folder removed at the end.
 */
export async function openSessionStore(inputs: SessionStoreInputs): Promise<SessionStore> {
  if (!inputs.persist) {
    const dir = await mkdtemp(join(tmpdir(), "keel-session-"));
    return {
      sessionDir: dir,
      transcript: undefined,
      sidechain: undefined,
      close: () => rm(dir, { recursive: true, force: true }),
    };
  }
  const writer = openTranscript({
    path: sessionTranscriptPath(inputs.stateDir, inputs.cwd, inputs.sessionId),
    sessionId: inputs.sessionId,
    cwd: inputs.cwd,
    version: VERSION,
    onError: inputs.onError,
  });
  // A resumed history is already in the file (skipped); repairs and forks are written now.
  for (const message of inputs.history) writer.append(message);
  const dir = sessionDir(inputs.stateDir, inputs.cwd, inputs.sessionId);
  return {
    sessionDir: dir,
    transcript: {
      append: (m) => writer.append(m),
      remove: (uuid) => writer.remove(uuid),
      branchFrom: (uuid) => writer.branchFrom(uuid),
    },
    sidechain: (agentId) =>
      openTranscript({
        path: subagentTranscriptPath(dir, agentId),
        sessionId: inputs.sessionId,
        cwd: inputs.cwd,
        version: VERSION,
        isSidechain: true,
        agentId,
        onError: inputs.onError,
      }),
    close: async () => writer.close(),
  };
}
