import { z } from "zod";
import { guestProgram } from "./guest-prelude.js";
import { type HostFunction, runSandboxed, type SandboxLimits } from "./quickjs-sandbox.js";
import { checkWorkflowScript } from "./script-check.js";
import { Semaphore } from "./semaphore.js";
import type { WorkflowEvent } from "./workflow-events.js";
import { agentCallKey, type JournalEntry, type ReplayCursor } from "./workflow-journal.js";
import { checkAgentCount, checkItemCount } from "./workflow-limits.js";

/** The options of `agent(prompt, options)` (task-types.md §3.3), checked as they leave the sandbox. */
const agentOptionsSchema = z.strictObject({
  label: z.string().optional(),
  phase: z.string().optional(),
  schema: z.record(z.string(), z.unknown()).optional(),
  model: z.string().optional(),
  effort: z.string().optional(),
  isolation: z.literal("worktree").optional(),
  agentType: z.string().optional(),
});
export type AgentCallOptions = z.infer<typeof agentOptionsSchema>;

/** One live `agent()` call, for the host to run as a subagent. */
export interface AgentCall {
  seq: number;
  prompt: string;
  options: AgentCallOptions;
  /** Its phase: its own option, else the script's current `phase()`. */
  phase?: string;
  signal: AbortSignal;
}

/** How a live call ended: its value (text, or the schema's object), or why it died. */
export type AgentOutcome =
  | { ok: true; value: unknown; tokens: number }
  | { ok: false; error: string; tokens: number };

/** What a run is given: how to run agents and children, its journal, its caps and budget. */
export interface WorkflowRunDeps {
  runAgent(call: AgentCall): Promise<AgentOutcome>;
  /** A child workflow's script, by saved name or path (for `workflow()`). */
  childSource(nameOrPath: string): Promise<string>;
  appendJournal(entry: JournalEntry): Promise<void>;
  /** The earlier run's journal, when this run resumes one. */
  replay?: ReplayCursor;
  onEvent(event: WorkflowEvent): void;
  /** `agent()` calls that run at once. */
  concurrency: number;
  /** Tokens the run may spend (null: no ceiling). */
  budgetTotal: number | null;
  limits: SandboxLimits;
}

/** A run's end: the script's return value, or why it failed. */
export type WorkflowRunOutcome = { ok: true; result: unknown } | { ok: false; message: string };

/**
 * Runs a checked script's body in the sandbox with `args`: each `agent()` either replays from
 * the earlier run's journal or runs live (at most `concurrency` at once), and every live call's
 * start and end is journalled before the script sees its value.
 */
export async function runWorkflow(
  body: string,
  args: unknown,
  deps: WorkflowRunDeps,
  signal: AbortSignal,
): Promise<WorkflowRunOutcome> {
  const run = new Run(deps, signal);
  const result = await runSandboxed(guestProgram(body), run.host(args), {
    limits: deps.limits,
    signal,
  });
  if (!result.ok) return result;
  return { ok: true, result: JSON.parse(result.value) as unknown };
}

class Run {
  private nextSeq = 0;
  private spent = 0;
  private phase: string | undefined;
  private readonly slots: Semaphore;

  constructor(
    private readonly deps: WorkflowRunDeps,
    private readonly signal: AbortSignal,
  ) {
    this.slots = new Semaphore(deps.concurrency);
  }

  host(args: unknown): Record<string, HostFunction> {
    return {
      agent: ([prompt = "", options = "{}"]) => this.agent(prompt, options),
      checkItems: ([call, count]) => {
        const check = checkItemCount(call === "pipeline" ? "pipeline" : "parallel", Number(count));
        if (!check.ok) throw new Error(check.message);
        return "";
      },
      phase: ([title = ""]) => {
        this.phase = title;
        this.deps.onEvent({ type: "phase", title });
        return "";
      },
      log: ([message = ""]) => {
        this.deps.onEvent({ type: "log", message });
        return "";
      },
      args: () => JSON.stringify(args ?? null),
      budgetTotal: () => JSON.stringify(this.deps.budgetTotal),
      spent: () => JSON.stringify(this.spent),
      workflowSource: ([name = ""]) => this.childBody(name),
    };
  }

  private async agent(prompt: string, optionsJson: string): Promise<string> {
    const options = parseOptions(optionsJson);
    const seq = this.nextSeq++;
    const cap = checkAgentCount(seq);
    if (!cap.ok) throw new Error(cap.message);
    this.checkBudget();
    const key = agentCallKey(prompt, options);
    const phase = options.phase ?? this.phase;
    const about = { seq, ...labelled(options.label), ...(phase ? { phase } : {}) };
    const replayed = this.deps.replay?.next(seq, key);
    if (replayed?.kind === "cached") {
      // Kept in this run's journal too, so a resume of this run replays it as well.
      await this.deps.appendJournal({ status: "done", seq, key, result: replayed.result });
      this.deps.onEvent({ type: "agent", state: "cached", ...about });
      return JSON.stringify(replayed.result ?? null);
    }
    await this.slots.acquire(this.signal);
    try {
      await this.deps.appendJournal({ status: "started", seq, key });
      this.deps.onEvent({ type: "agent", state: "started", ...about });
      const call = { seq, prompt, options, signal: this.signal, ...(phase ? { phase } : {}) };
      const outcome = await this.deps.runAgent(call);
      this.spent += outcome.tokens;
      // A call cut short by the run's end is neither done nor failed: resume runs it again.
      this.signal.throwIfAborted();
      if (outcome.ok) {
        await this.deps.appendJournal({ status: "done", seq, key, result: outcome.value });
        this.deps.onEvent({ type: "agent", state: "done", ...about });
        return JSON.stringify(outcome.value ?? null);
      }
      await this.deps.appendJournal({ status: "failed", seq, key, error: outcome.error });
      this.deps.onEvent({ type: "agent", state: "failed", error: outcome.error, ...about });
      return "null";
    } finally {
      this.slots.release();
    }
  }

  private checkBudget(): void {
    const total = this.deps.budgetTotal;
    if (total !== null && this.spent >= total) {
      throw new Error(
        `workflow budget exhausted: ${this.spent} of ${total} tokens spent, no more agent() calls`,
      );
    }
  }

  private async childBody(nameOrPath: string): Promise<string> {
    const source = await this.deps.childSource(nameOrPath);
    const checked = await checkWorkflowScript(source);
    if (!checked.ok) throw new Error(`workflow("${nameOrPath}"): ${checked.message}`);
    return checked.body;
  }
}

function parseOptions(json: string): AgentCallOptions {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    throw new Error("agent(prompt, options): options must be a plain JSON object");
  }
  const parsed = agentOptionsSchema.safeParse(raw ?? {});
  if (!parsed.success) {
    throw new Error(`agent(prompt, options): ${z.prettifyError(parsed.error)}`);
  }
  if (parsed.data.isolation === "worktree") {
    throw new Error('agent(): isolation "worktree" is not supported by keel\'s workflows yet');
  }
  return parsed.data;
}

function labelled(label: string | undefined): { label?: string } {
  return label === undefined ? {} : { label };
}
