import { messagesAfterCompactBoundary } from "../loop/compact-boundary.js";
import type { CompactionResult, QueryDeps } from "../loop/params.js";
import { createAttachmentMessage, type IdSource } from "../protocol/factories.js";
import type { Attachment, Message } from "../protocol/messages.js";
import type { TodoItem } from "../tools/builtin/todo-write/schema.js";
import type { ToolUseContext } from "../tools/context.js";
import { stripImages } from "./images.js";
import { type ContextBudgetSettings, contextLimits } from "./limits.js";
import { postCompactMessages } from "./post-compact.js";
import {
  DEFAULT_RESTORE_LIMITS,
  type FreshReader,
  forgetUnrestoredReads,
  type RestoreLimits,
  restoreRecentFiles,
} from "./restore-files.js";
import { latestUserPrompt } from "./rounds.js";
import { type SummariserDeps, summarise } from "./summarise.js";
import { contextTokens, estimateTokens } from "./tokens.js";

/** Auto-compaction stops for the session after this many failures in a row. */
export const MAX_CONSECUTIVE_COMPACT_FAILURES = 3;

/** What a PreCompact hook is told; it may answer with extra summary instructions. */
export interface PreCompactInput {
  trigger: "auto" | "manual";
  customInstructions?: string;
}

/** What the hooks after a compaction are told. */
export interface PostCompactHookInput {
  trigger: "auto" | "manual";
  summary: string;
}

/** Everything compaction needs, injected. */
export interface CompactionDeps extends SummariserDeps {
  ids: IdSource;
  /** The main context's budget (its window and thresholds). */
  budget?: ContextBudgetSettings;
  /** Auto-compaction off (DISABLE_AUTO_COMPACT): auto and reactive do nothing; /compact works. */
  disabled?: boolean;
  onPreCompact?: (input: PreCompactInput) => Promise<string | undefined>;
  /**
   * After a summary replaced the history (SessionStart "compact", then PostCompact hooks):
   * context to add after it, with the name of what gave it.
   */
  onPostCompact?: (
    input: PostCompactHookInput,
  ) => Promise<Array<{ hookName: string; content: string }>>;
  /** Reads a recently read file again from disk; no files are restored without it. */
  readFile?: FreshReader;
  restoreLimits?: RestoreLimits;
  /** Tokens the cheap steps just removed from this history (ContextPipeline.freedTokens). */
  freedTokens?: (messages: readonly Message[]) => number;
  /** The todo list to carry over. */
  todos?: (context: ToolUseContext) => readonly TodoItem[];
  /** Reminders to repeat right after the summary (plan mode's full one, in plan mode). */
  afterCompact?: (context: ToolUseContext) => Promise<readonly Attachment[]>;
}

/** Where compaction stands in the session (for a status line). */
export interface CompactionStatus {
  consecutiveFailures: number;
  /** Auto-compaction gave up after repeated failures. */
  gaveUp: boolean;
}

/** The session's compaction: the loop's two deps and the `/compact` command. */
export interface Compaction {
  autocompact: NonNullable<QueryDeps["autocompact"]>;
  reactiveCompact: NonNullable<QueryDeps["reactiveCompact"]>;
  /** `/compact [instructions]`: compacts now, whatever the size; throws CompactionError. */
  compactNow(
    messages: readonly Message[],
    instructions?: string,
    context?: ToolUseContext,
  ): Promise<CompactionResult>;
  status(): CompactionStatus;
}

/** The core: hook, summary, restored files, post-compact history. */
async function compactHistory(
  deps: CompactionDeps,
  messages: readonly Message[],
  trigger: "auto" | "manual",
  options: { instructions?: string; context?: ToolUseContext },
): Promise<CompactionResult> {
  const hookText = await deps.onPreCompact?.({
    trigger,
    ...(options.instructions ? { customInstructions: options.instructions } : {}),
  });
  const instructions = [options.instructions, hookText].filter((s) => s?.trim()).join("\n\n");
  const signal = options.context?.abortController.signal ?? new AbortController().signal;
  const agent = options.context?.agentType;
  const { summary } = await summarise(deps, messages, {
    instructions,
    signal,
    ...(agent === undefined ? {} : { agent }),
  });
  const cache = options.context?.readFileState;
  const files =
    cache && deps.readFile
      ? await restoreRecentFiles(cache, deps.readFile, deps.restoreLimits ?? DEFAULT_RESTORE_LIMITS)
      : [];
  if (cache) forgetUnrestoredReads(cache, files);
  const compacted = postCompactMessages({
    summary,
    trigger,
    preTokens: contextTokens(messages),
    latestPrompt: latestUserPrompt(messages),
    // An automatic compaction comes inside a turn, whose prompt is still being worked on.
    // /compact comes between turns: its prompt was answered, and must not read as pending.
    latestAnswered: trigger === "manual",
    files,
    todos: options.context && deps.todos ? deps.todos(options.context) : [],
    ids: deps.ids,
  });
  const reminders =
    options.context && deps.afterCompact ? await deps.afterCompact(options.context) : [];
  const context = (await deps.onPostCompact?.({ trigger, summary })) ?? [];
  const added = [
    ...reminders,
    ...context.map((c) => ({ type: "hook_additional_context" as const, ...c })),
  ].map((attachment) => createAttachmentMessage(attachment, deps.ids));
  if (added.length === 0) return compacted;
  return { messages: [...compacted.messages, ...added] };
}

/**
 * A media error (or an overflow made of images): when the history without its images fits
 * under the threshold, dropping them is enough and nothing is summarised. The boundary tells
 * the host that the history it held is replaced from here.
 */
function imagesOnlyRecovery(
  deps: CompactionDeps,
  messages: Message[],
  context: ToolUseContext,
): CompactionResult | undefined {
  const history = messages[0]?.type === "system" && messages[0].subtype === "compact_boundary";
  const body = history ? messages.slice(1) : messages;
  const stripped = stripImages(body);
  if (stripped.count === 0) return undefined;
  const limits = contextLimits(context.options.mainLoopModel, deps.budget);
  if (estimateTokens(stripped.messages) >= limits.autocompactThreshold) return undefined;
  const boundary: Message = {
    type: "system",
    subtype: "compact_boundary",
    uuid: deps.ids.uuid(),
    timestamp: deps.ids.timestamp(),
    compactMetadata: { trigger: "auto", preTokens: contextTokens(messages) },
  };
  return { messages: [boundary, ...stripped.messages] };
}

/**
 * The session's compaction. Guards: auto-compaction stops after 3 failures in a row (any
 * success resets the count; an abort is not a failure); a compaction that leaves the context above the threshold is
 * not repeated for the same history; `disabled` switches off auto and reactive compaction.
 */
export function createCompaction(deps: CompactionDeps): Compaction {
  let failures = 0;
  let stalledBoundary: string | undefined;

  const run = async (
    messages: readonly Message[],
    trigger: "auto" | "manual",
    options: { instructions?: string; context?: ToolUseContext },
  ): Promise<CompactionResult> => {
    try {
      const result = await compactHistory(deps, messages, trigger, options);
      failures = 0;
      return result;
    } catch (error) {
      // A person pressing Esc is not a failure of compaction.
      if (!options.context?.abortController.signal.aborted) failures += 1;
      throw error;
    }
  };

  const autocompact: Compaction["autocompact"] = async (messages, context) => {
    if (deps.disabled || failures >= MAX_CONSECUTIVE_COMPACT_FAILURES) return undefined;
    if (messages[0] !== undefined && messages[0].uuid === stalledBoundary) return undefined;
    const limits = contextLimits(context.options.mainLoopModel, deps.budget);
    const tokens = contextTokens(messages) - (deps.freedTokens?.(messages) ?? 0);
    if (tokens < limits.autocompactThreshold) return undefined;
    const result = await run(messages, "auto", { context });
    // Still above the threshold: compacting this history again would only repeat itself.
    if (estimateTokens(result.messages) >= limits.autocompactThreshold) {
      stalledBoundary = result.messages[0]?.uuid;
    }
    return result;
  };

  const reactiveCompact: Compaction["reactiveCompact"] = async (messages, context) => {
    if (deps.disabled) return undefined;
    const withoutImages = imagesOnlyRecovery(deps, messages, context);
    if (withoutImages) return withoutImages;
    try {
      return await run(messages, "auto", { context });
    } catch {
      return undefined;
    }
  };

  return {
    autocompact,
    reactiveCompact,
    compactNow: (messages, instructions, context) =>
      run(messagesAfterCompactBoundary(messages), "manual", {
        ...(instructions ? { instructions } : {}),
        ...(context ? { context } : {}),
      }),
    status: () => ({
      consecutiveFailures: failures,
      gaveUp: failures >= MAX_CONSECUTIVE_COMPACT_FAILURES,
    }),
  };
}

/** QueryDeps.autocompact alone (a session that also needs /compact uses createCompaction). */
export function createAutocompact(deps: CompactionDeps): Compaction["autocompact"] {
  return createCompaction(deps).autocompact;
}

/** QueryDeps.reactiveCompact alone: the same summariser and guards, after a prompt-too-long. */
export function createReactiveCompact(deps: CompactionDeps): Compaction["reactiveCompact"] {
  return createCompaction(deps).reactiveCompact;
}
