import { constants } from "node:fs";
import { access, mkdir, mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { projectDir, sessionDir } from "../config/paths.js";
import type { Message } from "../protocol/messages.js";
import type { TranscriptSink } from "../session/engine/config.js";
import type { SubagentRunnerDeps } from "../session/subagent-runner.js";
import {
  openTranscript,
  sessionTranscriptPath,
  subagentTranscriptPath,
} from "../session/transcript/index.js";
import { VERSION } from "../version.js";
import { CUSTOM_TITLE } from "./session-list.js";
import { UsageError } from "./usage-error.js";

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
  /** `-n/--name`: written as Claude Code's `custom-title` record, which session lists show. */
  name?: string;
  onError: (error: Error) => void;
}

/** Why a folder cannot be written, in words, for the errors a state folder meets. */
const WRITE_FAILURES: Readonly<Record<string, string>> = {
  EACCES: "permission denied",
  EPERM: "operation not permitted",
  EROFS: "read-only file system",
  ENOTDIR: "part of its path is a file",
  EEXIST: "part of its path is a file",
  ENOSPC: "no space left on the device",
};

/**
 * Why a folder could not be made: the code of the failure, asked again of the nearest folder
 * that exists when the failure was ENOENT (a recursive mkdir says ENOENT for a parent on a
 * read-only mount).
 */
async function failureCode(dir: string, error: unknown): Promise<string> {
  const code = (error as NodeJS.ErrnoException).code ?? "";
  if (code !== "ENOENT") return code;
  let existing = dirname(dir);
  while ((await stat(existing).catch(() => undefined)) === undefined && existing !== "/") {
    existing = dirname(existing);
  }
  return access(existing, constants.W_OK).then(
    () => code,
    (denied: NodeJS.ErrnoException) => denied.code ?? code,
  );
}

/**
 * Checks, before anything is written, that keel can write this project's folder under its
 * state folder (creating it if needed). When it cannot, the run stops with one line naming
 * the state folder and the ways out, instead of an error from each writer later.
 */
export async function ensureWritableStateFolder(stateDir: string, cwd: string): Promise<void> {
  const dir = projectDir(stateDir, cwd);
  try {
    await mkdir(dir, { recursive: true });
    await access(dir, constants.W_OK);
  } catch (error) {
    const code = await failureCode(dir, error);
    const cause = WRITE_FAILURES[code] ?? (error as Error).message;
    throw new UsageError(
      `cannot write keel's state folder ${stateDir} (${cause}): run with --no-session-persistence, or set KEEL_CONFIG_DIR to a folder keel can write`,
    );
  }
}

/**
 * Opens a session's files (contracts.md §3): the JSONL transcript and the session folder
 * under keel's state folder, or, without persistence, a temporary folder removed at the end.
 * A state folder keel cannot write stops the run (see ensureWritableStateFolder).
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
  await ensureWritableStateFolder(inputs.stateDir, inputs.cwd);
  const writer = openTranscript({
    path: sessionTranscriptPath(inputs.stateDir, inputs.cwd, inputs.sessionId),
    sessionId: inputs.sessionId,
    cwd: inputs.cwd,
    version: VERSION,
    onError: inputs.onError,
  });
  // A resumed history is already in the file (skipped); repairs and forks are written now.
  for (const message of inputs.history) writer.append(message);
  if (inputs.name) {
    writer.appendRecord({
      type: CUSTOM_TITLE,
      customTitle: inputs.name,
      sessionId: inputs.sessionId,
    });
  }
  const dir = sessionDir(inputs.stateDir, inputs.cwd, inputs.sessionId);
  return {
    sessionDir: dir,
    transcript: {
      append: (m) => writer.append(m),
      remove: (uuid) => writer.remove(uuid),
      branchFrom: (uuid) => writer.branchFrom(uuid),
      lastUuid: () => writer.lastUuid(),
      appendRecord: (record) => writer.appendRecord(record),
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
