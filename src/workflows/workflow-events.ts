/** What an `agent()` call is doing, as a run reports it. */
export type AgentCallState = "started" | "done" | "failed" | "cached";

/** What a workflow run reports while it runs (the task's output log, the REPL's view). */
export type WorkflowEvent =
  | { type: "phase"; title: string }
  | { type: "log"; message: string }
  | {
      type: "agent";
      seq: number;
      state: AgentCallState;
      label?: string;
      phase?: string;
      /** Why a failed call failed. */
      error?: string;
    };
