import type { QueryDeps } from "../loop/params.js";
import { createUserMessage, type IdSource } from "../protocol/factories.js";
import type { Message } from "../protocol/messages.js";
import type { ToolUseContext } from "../tools/context.js";
import { foldNote } from "./fold-note.js";
import { type ContextBudgetSettings, contextLimits } from "./limits.js";
import { type ApiRound, groupApiRounds } from "./rounds.js";
import { contextTokens } from "./tokens.js";

/** Settings of context collapse (docs/context.md). */
export interface ContextCollapseOptions {
  ids: IdSource;
  budget?: ContextBudgetSettings;
  /** Folds are staged past this share of the auto-compact threshold (default 0.8). */
  stageRatio?: number;
  /** The newest rounds are never folded (default 4). */
  keepRecentRounds?: number;
  /** A fold covers at least this many rounds (default 2). */
  minRunRounds?: number;
}

/** A run of rounds, by the uuids of its first and last messages, and the note that replaces it. */
interface Fold {
  first: string;
  last: string;
  note: Message;
}

/** Context collapse: a pipeline step that stages folds, and the loop's collapseDrain. */
export interface ContextCollapse {
  /** Pipeline step: re-applies committed folds, then stages new ones past the threshold. */
  apply(messages: Message[], context: ToolUseContext): Promise<Message[]>;
  collapseDrain: NonNullable<QueryDeps["collapseDrain"]>;
  /** How many folds wait to be committed. */
  stagedCount(): number;
}

/** A round that can be folded: answered tool calls, nothing a person typed, no notes. */
function isFoldable(round: ApiRound): boolean {
  if (round.lead) return false;
  const uses = new Set<string>();
  const results = new Set<string>();
  for (const m of round.messages) {
    if (m.type === "assistant") {
      for (const b of m.message.content) if (b.type === "tool_use") uses.add(b.id);
    } else if (m.type === "user") {
      if (typeof m.message.content === "string" || m.isMeta || m.isCompactSummary) return false;
      for (const b of m.message.content) {
        if (b.type !== "tool_result") return false;
        results.add(b.tool_use_id);
      }
    } else if (m.type === "attachment") return false;
  }
  return uses.size > 0 && [...uses].every((id) => results.has(id));
}

/** Replaces each fold's run by its note; the same array when no fold applies. */
function project(
  messages: Message[],
  folds: readonly Fold[],
): { messages: Message[]; applied: number } {
  let out = messages;
  let applied = 0;
  for (const fold of folds) {
    const start = out.findIndex((m) => m.uuid === fold.first);
    const end = out.findIndex((m) => m.uuid === fold.last);
    if (start < 0 || end < start) continue;
    out = [...out.slice(0, start), fold.note, ...out.slice(end + 1)];
    applied += 1;
  }
  return { messages: out, applied };
}

/**
 * Context collapse (docs/context.md): older runs of finished tool rounds are staged as folds
 * once the context passes the staging threshold, and committed by collapseDrain; committed
 * folds are re-applied, by uuid, to every history the pipeline sees. No model call.
 */
export function createContextCollapse(options: ContextCollapseOptions): ContextCollapse {
  const staged: Fold[] = [];
  const committed: Fold[] = [];
  const folded = new Set<string>();
  const keepRecent = options.keepRecentRounds ?? 4;
  const minRun = options.minRunRounds ?? 2;

  const stageRun = (run: ApiRound[]) => {
    if (run.length < minRun) return;
    const note = createUserMessage(foldNote(run.map((r) => r.messages)), options.ids, {
      isMeta: true,
    });
    const fold = {
      first: run[0]!.messages[0]!.uuid,
      last: run.at(-1)!.messages.at(-1)!.uuid,
      note,
    };
    staged.push(fold);
    for (const r of run) for (const m of r.messages) folded.add(m.uuid);
  };

  const stage = (messages: Message[]) => {
    const rounds = groupApiRounds(messages);
    let run: ApiRound[] = [];
    for (const round of rounds.slice(0, Math.max(0, rounds.length - keepRecent))) {
      const fresh = round.messages.every((m) => !folded.has(m.uuid));
      if (fresh && isFoldable(round)) run.push(round);
      else {
        stageRun(run);
        run = [];
      }
    }
    stageRun(run);
  };

  return {
    async apply(messages, context) {
      const projected = project(messages, committed).messages;
      const limits = contextLimits(context.options.mainLoopModel, options.budget);
      const threshold = limits.autocompactThreshold * (options.stageRatio ?? 0.8);
      if (contextTokens(projected) >= threshold) stage(projected);
      return projected;
    },
    async collapseDrain(messages) {
      const ready = project(messages, committed).messages;
      const result = project(ready, staged);
      committed.push(...staged.splice(0));
      return { committed: result.applied, messages: result.messages };
    },
    stagedCount: () => staged.length,
  };
}
