/** The phases of a turn a fault can strike in (the matrix's columns). */
export const PHASES = [
  "before_stream",
  "mid_text",
  "mid_tool_json",
  "between_tools",
  "during_tool",
  "during_compaction",
  "during_hook",
] as const;

/** One column of the matrix. */
export type Phase = (typeof PHASES)[number];

/** How a cell must end (contracts.md §5). */
export type Outcome =
  /** The turn recovers: exit 0, a success result with the scenario's last answer. */
  | "recovered"
  /** Retries exhausted: an API-error assistant message, an error result, exit 1. */
  | "api_error"
  /** SIGINT: exit 130, an `error_during_execution` result. */
  | "aborted";

/** When the runner sends SIGINT: once the phase is reached, seen from outside the process. */
export type AbortTrigger =
  /** The scripted server has received `count` requests (of `kind`, when given). */
  | { on: "request"; count: number; kind?: string }
  /** A file exists in the working folder (a tool or hook has started). */
  | { on: "file"; name: string }
  /** stdout (stream-json with partial messages) contains the text. */
  | { on: "stdout"; text: string };

/** Everything needed to run one cell and judge it. */
export interface CellPlan {
  /** The scenario, as a scenario file would hold it. */
  scenario: Record<string, unknown>;
  expect: Outcome;
  /** The most requests the scripted server may see, and how that number is derived. */
  maxRequests: number;
  bound: string;
  /** Extra environment for keel (e.g. CLAUDE_CODE_MAX_RETRIES). */
  env?: Record<string, string>;
  /** Extra CLI flags. */
  args?: string[];
  /** Hooks for .claude/settings.json, in Claude Code's format. */
  hooks?: Record<string, unknown>;
  /** Scripts written to .claude/<name> (executable), for the hooks to run. */
  scripts?: Record<string, string>;
  abortWhen?: AbortTrigger;
  /** A request kind the server must have seen, proving the phase was reached (`compact`). */
  mustSee?: string;
  /** Labels of Bash calls that must never run (a partial or dropped tool_use). */
  neverRuns?: string[];
}

/** A cell of the matrix: a plan, or a reason it cannot happen. */
export type MatrixCell = { phase: Phase; plan: CellPlan } | { phase: Phase; skip: string };

/** A row of the matrix: one fault in every phase. */
export interface MatrixRow {
  fault: string;
  /** What the fault is, in the scripted model's terms. */
  how: string;
  cells: MatrixCell[];
}
