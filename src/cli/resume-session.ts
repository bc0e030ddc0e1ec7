import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { projectDir } from "../config/paths.js";
import type { IdSource } from "../protocol/factories.js";
import type { Message } from "../protocol/messages.js";
import {
  findLatestSession,
  forkConversation,
  loadConversation,
  readTranscript,
  repairConversation,
  sessionTranscriptPath,
} from "../session/transcript/index.js";
import { recordedPermissionMode } from "../session/transcript/permission-mode-record.js";
import type { PermissionMode } from "../tools/context.js";
import type { CliOptions } from "./options.js";
import { UsageError } from "./usage-error.js";

/** The session a run continues or starts. */
export interface ResolvedSession {
  sessionId: string;
  /** The conversation so far (repaired), empty for a new session. */
  messages: Message[];
  /** True when `messages` must be written to a new transcript (a fork). */
  forked: boolean;
  /** The permission mode the continued transcript last recorded (not given for a fork). */
  recordedMode?: PermissionMode;
}

type SessionFlags = Pick<
  CliOptions,
  | "resume"
  | "resumePick"
  | "continue"
  | "forkSession"
  | "sessionId"
  | "resumeSessionAt"
  | "resumeDropsTurn"
>;

async function sourceSession(
  flags: SessionFlags,
  stateDir: string,
  cwd: string,
): Promise<string | undefined> {
  const resuming = flags.resume !== undefined || flags.resumePick !== undefined;
  if (resuming && flags.continue) throw new UsageError("use --resume or --continue, not both");
  if (flags.resume) return flags.resume;
  if (!flags.continue) return undefined;
  const latest = await findLatestSession(projectDir(stateDir, cwd));
  if (!latest) throw new UsageError(`no session to continue in ${cwd}`);
  return latest;
}

/** The conversation without the turn a prompt started (--resume-drops-turn). */
function withoutTurn(chain: Message[], dropped: string | undefined, session: string): Message[] {
  if (dropped === undefined) return chain;
  const at = chain.findIndex((m) => m.uuid === dropped);
  if (at < 0 || chain[at]?.type !== "user") {
    throw new UsageError(`session ${session} has no prompt ${dropped} to drop`);
  }
  return chain.slice(0, at);
}

/**
 * Resolves --resume / --continue / --fork-session / --session-id (contracts.md §7): a resumed
 * session keeps its id and transcript, a fork gets a new id, a new session gets the given id
 * or a fresh UUID. The resumed conversation is rebuilt from its transcript and repaired (an
 * interrupted tail gets its tool results); corrupt lines are skipped with a warning.
 * `--resume` without an id starts a new session: the REPL then opens its picker (print mode
 * refuses it before this, see resume-picker-refusal.ts).
 */
export async function resolveSession(
  flags: SessionFlags,
  inputs: { stateDir: string; cwd: string; ids: IdSource; onWarning: (text: string) => void },
): Promise<ResolvedSession> {
  const source = await sourceSession(flags, inputs.stateDir, inputs.cwd);
  for (const [flag, value] of [
    ["--resume-session-at", flags.resumeSessionAt],
    ["--resume-drops-turn", flags.resumeDropsTurn],
  ] as const) {
    if (value && !source) throw new UsageError(`${flag} needs --resume <session-id> or --continue`);
  }
  if (flags.forkSession && !source) {
    throw new UsageError("--fork-session needs --resume <session-id> or --continue");
  }
  if (!source) return { sessionId: flags.sessionId ?? randomUUID(), messages: [], forked: false };
  if (flags.sessionId && !flags.forkSession) {
    throw new UsageError("--session-id names a new session: add --fork-session to resume under it");
  }
  const path = sessionTranscriptPath(inputs.stateDir, inputs.cwd, source);
  if (!existsSync(path)) throw new UsageError(`no session ${source} in ${inputs.cwd}`);
  const entries = await readTranscript(path, { onWarning: inputs.onWarning });
  const leaf = flags.resumeSessionAt;
  if (leaf && !entries.some((e) => e.kind === "message" && e.message.uuid === leaf)) {
    throw new UsageError(`session ${source} has no message ${leaf}`);
  }
  const chain = withoutTurn(
    loadConversation(entries, leaf ? { leafUuid: leaf } : {}),
    flags.resumeDropsTurn,
    source,
  );
  const { messages } = repairConversation(chain, inputs.ids);
  if (!flags.forkSession) {
    const recordedMode = recordedPermissionMode(entries);
    return {
      sessionId: source,
      messages,
      forked: false,
      ...(recordedMode ? { recordedMode } : {}),
    };
  }
  return {
    sessionId: flags.sessionId ?? randomUUID(),
    messages: forkConversation(messages),
    forked: true,
  };
}
