import type { QueryDeps } from "../../loop/params.js";
import { createAttachmentMessage, type IdSource } from "../../protocol/factories.js";
import type { Attachment, Message } from "../../protocol/messages.js";
import type { ToolUseContext } from "../../tools/context.js";
import type { AttachmentPass, AttachmentSource } from "./sources.js";

/** The attachment sources, in the order their attachments are added. */
const ATTACHMENT_SOURCE_ORDER = [
  "queuedInput",
  "changedFiles",
  "nestedMemory",
  "conditionalSkills",
  "todoReminder",
  "taskNotifications",
  "teammateMail",
  "planMode",
] as const;

/** The name of an attachment source. */
export type AttachmentSourceName = (typeof ATTACHMENT_SOURCE_ORDER)[number];

/** Claude Code's hard limit for a whole attachment pass. */
const DEFAULT_ATTACHMENT_TIMEOUT_MS = 1000;

/** The loop's attachment hook. */
type CollectAttachments = NonNullable<QueryDeps["collectAttachments"]>;

/** What the collector is built from; a missing source adds nothing. */
interface AttachmentCollectorOptions {
  sources: Partial<Record<AttachmentSourceName, AttachmentSource>>;
  ids: IdSource;
  /** The time limit for a whole pass (default 1 s); sources still running then add nothing. */
  timeoutMs?: number;
  /** Told of a source that failed or ran out of time (the pass goes on without it). */
  onError?: (source: AttachmentSourceName, error: unknown) => void;
}

/** Why a source added nothing: the pass ran out of time. */
export class AttachmentTimeoutError extends Error {
  constructor(readonly timeoutMs: number) {
    super(`the attachment pass took longer than ${timeoutMs} ms`);
    this.name = "AttachmentTimeoutError";
  }
}

/** Settles when the signal aborts, with its reason as the failure. */
function whenAborted(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => {
    if (signal.aborted) reject(signal.reason);
    else signal.addEventListener("abort", () => reject(signal.reason), { once: true });
  });
}

/** Runs one source; a failure or the end of the pass's time gives nothing, reported. */
async function guarded(
  name: AttachmentSourceName,
  source: AttachmentSource | undefined,
  pass: AttachmentPass,
  aborted: Promise<never>,
  onError: AttachmentCollectorOptions["onError"],
): Promise<readonly Attachment[]> {
  if (!source) return [];
  try {
    return await Promise.race([source(pass), aborted]);
  } catch (error) {
    onError?.(name, error);
    return [];
  }
}

/** An abort controller for one pass: aborted at the time limit or when the turn is aborted. */
function passController(context: ToolUseContext, timeoutMs: number): [AbortController, () => void] {
  const controller = new AbortController();
  const turn = context.abortController.signal;
  const onTurnAbort = () => controller.abort(turn.reason);
  if (turn.aborted) controller.abort(turn.reason);
  else turn.addEventListener("abort", onTurnAbort, { once: true });
  const timer = setTimeout(
    () => controller.abort(new AttachmentTimeoutError(timeoutMs)),
    timeoutMs,
  );
  const dispose = () => {
    clearTimeout(timer);
    turn.removeEventListener("abort", onTurnAbort);
  };
  return [controller, dispose];
}

/**
 * The loop's `collectAttachments`: starts every source at once (so one slow source does not
 * hold up the others) and adds their attachments in ATTACHMENT_SOURCE_ORDER, as attachment
 * messages. A source that throws, or is still running when the pass's time is up, adds nothing.
 */
export function createAttachmentCollector(options: AttachmentCollectorOptions): CollectAttachments {
  const timeoutMs = options.timeoutMs ?? DEFAULT_ATTACHMENT_TIMEOUT_MS;
  return async (context: ToolUseContext, messages: readonly Message[]): Promise<Message[]> => {
    if (context.abortController.signal.aborted) return [];
    const [controller, dispose] = passController(context, timeoutMs);
    const pass: AttachmentPass = { context, messages, signal: controller.signal };
    const aborted = whenAborted(controller.signal);
    // The race loser must not surface as an unhandled rejection.
    aborted.catch(() => {});
    try {
      const lists = await Promise.all(
        ATTACHMENT_SOURCE_ORDER.map((name) =>
          guarded(name, options.sources[name], pass, aborted, options.onError),
        ),
      );
      return lists.flat().map((attachment) => createAttachmentMessage(attachment, options.ids));
    } finally {
      dispose();
    }
  };
}
