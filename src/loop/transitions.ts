/**
 * Why a turn ended. Exactly the ten terminal reasons of the seeds (seed 004, transitions.ts);
 * add one only with a test and a note in design.md.
 */
export type Terminal =
  | { reason: "completed" }
  | { reason: "blocking_limit" }
  | { reason: "image_error" }
  | { reason: "model_error"; error?: unknown }
  | { reason: "aborted_streaming" }
  | { reason: "aborted_tools" }
  | { reason: "prompt_too_long" }
  | { reason: "stop_hook_prevented" }
  | { reason: "hook_stopped" }
  | { reason: "max_turns"; turnCount: number };

/** Why the loop went round again. Exactly the seven continue reasons of the seeds. */
export type Continue =
  | { reason: "collapse_drain_retry"; committed: number }
  | { reason: "reactive_compact_retry" }
  | { reason: "max_output_tokens_escalate" }
  | { reason: "max_output_tokens_recovery"; attempt: number }
  | { reason: "stop_hook_blocking" }
  | { reason: "token_budget_continuation" }
  | { reason: "next_turn" };

/** The reasons a turn can end. */
export type TerminalReason = Terminal["reason"];

/** The reasons the loop can continue. */
export type ContinueReason = Continue["reason"];
