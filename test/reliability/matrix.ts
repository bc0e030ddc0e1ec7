import type { CellPlan, MatrixCell, MatrixRow, Phase } from "./harness/cell.js";
import {
  bash,
  compactRule,
  DONE,
  type FaultJson,
  heldBash,
  hookEntry,
  LONG_TEXT,
  NEAR_FULL,
  SLOW_PRE_TOOL,
  STOP_ONCE,
  text,
  WINDOW_ENV,
} from "./harness/scenarios.js";

/*
 * The reliability matrix (issue #9): rows are faults, columns are phases. Each cell is a
 * scenario for keel -p plus what contracts.md §5 says it must end as, and a bound on the
 * requests it may make. A cell that cannot happen says why. docs/reliability.md explains it.
 */

type Shape = Omit<CellPlan, "expect" | "maxRequests" | "bound"> & { base: number };

const skip = (phase: Phase, reason: string): MatrixCell => ({ phase, skip: reason });

/** Turn 1 asks for a check and calls Bash A; turn 2 answers. The fault is on turn 1. */
function firstRequest(faults: FaultJson[]): Shape {
  return {
    base: 2,
    scenario: {
      turnMode: "count",
      turns: [{ content: [text("Let me check."), bash("A")], faults }, { content: DONE }],
      side: [compactRule()],
    },
  };
}

/** Three rounds: A, B, answer. The fault is on the request that carries A's result. */
function secondRound(faults: FaultJson[]): Shape {
  return {
    base: 3,
    scenario: {
      turnMode: "count",
      turns: [{ content: [bash("A")] }, { content: [bash("B")], faults }, { content: DONE }],
      side: [compactRule()],
    },
  };
}

/** Text then Bash A, cut inside A's input: the text is kept, A is dropped, turn 2 continues. */
function cutToolInput(faults: FaultJson[]): Shape {
  return {
    base: 3,
    neverRuns: ["A"],
    scenario: {
      turns: [
        { content: [text("Let me check."), bash("A")], faults },
        { content: [bash("B")] },
        { content: DONE },
      ],
      side: [compactRule()],
    },
  };
}

/** Two calls in one message, cut after A completed: A runs once, B never. */
function betweenCalls(faults: FaultJson[]): Shape {
  return {
    base: 2,
    neverRuns: ["B"],
    scenario: {
      turns: [{ content: [bash("A"), bash("B")], faults }, { content: DONE }],
      side: [compactRule()],
    },
  };
}

/** A held Bash call, then text cut while the call is still running. */
function whileToolRuns(faults: FaultJson[]): Shape {
  return {
    base: 2,
    scenario: {
      turns: [{ content: [heldBash("H"), text(LONG_TEXT)], faults }, { content: DONE }],
      side: [compactRule()],
    },
  };
}

/** Turn 1 reports a near-full context, so auto-compaction runs before turn 2; the fault is on it. */
function compaction(faults: FaultJson[]): Shape {
  return {
    base: 3,
    env: WINDOW_ENV,
    mustSee: "compact",
    scenario: {
      turnMode: "count",
      turns: [{ content: [bash("A")], usage: NEAR_FULL }, { content: DONE }],
      side: [compactRule(faults)],
    },
  };
}

/** A Stop hook sends the model back once; the request that follows gets the fault. */
function afterStopHook(faults: FaultJson[]): Shape {
  return {
    base: 3,
    hooks: { Stop: hookEntry("stop-once.sh") },
    scripts: { "stop-once.sh": STOP_ONCE },
    scenario: {
      turnMode: "count",
      turns: [{ content: [bash("A")] }, { content: "First answer." }, { content: DONE, faults }],
      side: [compactRule()],
    },
  };
}

/** A cell from a shape: the outcome, and the bound as the shape's requests plus the extra ones. */
function cell(
  phase: Phase,
  shape: Shape,
  expect: CellPlan["expect"],
  extra: number,
  why: string,
): MatrixCell {
  const { base, ...rest } = shape;
  const bound = `${base} scripted requests + ${extra} (${why})`;
  return { phase, plan: { ...rest, expect, maxRequests: base + extra, bound } };
}

const NO_STREAM = "an HTTP status replaces the whole response: it cannot arrive mid-stream";
const NO_TOOL_RUNNING =
  "no request is in flight while a tool runs except the stream that started it, which is a 200";

/** 529, 500 (twice each) and 429 with retry-after: retried with backoff, then served. */
function httpRow(fault: string, faults: FaultJson[], attempts: number): MatrixRow {
  const why = `${attempts} failed attempts, retried`;
  return {
    fault,
    how: JSON.stringify(faults),
    cells: [
      cell("before_stream", firstRequest(faults), "recovered", attempts, why),
      skip("mid_text", NO_STREAM),
      skip("mid_tool_json", NO_STREAM),
      cell("between_tools", secondRound(faults), "recovered", attempts, why),
      skip("during_tool", NO_TOOL_RUNNING),
      cell("during_compaction", compaction(faults), "recovered", attempts, why),
      cell("during_hook", afterStopHook(faults), "recovered", attempts, why),
    ],
  };
}

/** Reset, error event, malformed data: a failed request before any block, kept blocks after. */
function streamRow(fault: string, type: string): MatrixRow {
  const at = (afterBlocks: number, midBlock = false): FaultJson[] => [
    { type, afterBlocks, ...(midBlock ? { midBlock } : {}) },
  ];
  const retried = "1 failed attempt, retried";
  const kept = "0: the continuation is a scripted turn";
  return {
    fault,
    how: JSON.stringify(at(0)),
    cells: [
      cell("before_stream", firstRequest(at(0)), "recovered", 1, retried),
      cell("mid_text", firstRequest(at(0, true)), "recovered", 1, retried),
      cell("mid_tool_json", cutToolInput(at(1, true)), "recovered", 0, kept),
      cell("between_tools", betweenCalls(at(1)), "recovered", 0, kept),
      cell("during_tool", whileToolRuns(at(1, true)), "recovered", 0, kept),
      cell("during_compaction", compaction(at(0, true)), "recovered", 1, retried),
      cell("during_hook", afterStopHook(at(0, true)), "recovered", 1, retried),
    ],
  };
}

/** max_tokens: escalation once, then recovery; a cut tool_use is never run. */
function maxTokensRow(): MatrixRow {
  const at = (afterBlocks: number): FaultJson[] => [{ type: "max_tokens", afterBlocks }];
  const why = "the cut response + 1 escalated retry";
  return {
    fault: "max_tokens",
    how: JSON.stringify(at(0)),
    cells: [
      skip("before_stream", "max_tokens is the stop reason of a response that streamed"),
      cell("mid_text", firstRequest(at(0)), "recovered", 2, why),
      cell("mid_tool_json", { ...cutToolInput(at(1)), neverRuns: [] }, "recovered", 2, why),
      cell("between_tools", { ...betweenCalls(at(1)), neverRuns: [] }, "recovered", 2, why),
      cell("during_tool", whileToolRuns(at(1)), "recovered", 2, why),
      cell("during_compaction", compaction(at(0)), "recovered", 1, "the cut summary"),
      cell("during_hook", afterStopHook(at(0)), "recovered", 2, why),
    ],
  };
}

/** The real API's prompt-too-long answer: 400 invalid_request_error. */
export const PROMPT_TOO_LONG: FaultJson = {
  type: "http_error",
  status: 400,
  body: {
    type: "error",
    error: {
      type: "invalid_request_error",
      message: "prompt is too long: 204181 tokens > 200000 maximum",
    },
  },
};

/** Prompt too long: one reactive compaction, then the request again. */
function promptTooLongRow(): MatrixRow {
  const faults = [PROMPT_TOO_LONG];
  const why = "the refused request + 1 compaction";
  const compacted = (shape: Shape): Shape => ({ ...shape, mustSee: "compact" });
  return {
    fault: "prompt too long",
    how: "http_error 400, the real prompt-too-long body",
    cells: [
      cell("before_stream", compacted(firstRequest(faults)), "recovered", 2, why),
      skip("mid_text", NO_STREAM),
      skip("mid_tool_json", NO_STREAM),
      cell("between_tools", compacted(secondRound(faults)), "recovered", 2, why),
      skip("during_tool", NO_TOOL_RUNNING),
      cell("during_compaction", compaction(faults), "recovered", 1, "the refused summary request"),
      cell("during_hook", compacted(afterStopHook(faults)), "recovered", 2, why),
    ],
  };
}

/** 529 past the retries (CLAUDE_CODE_MAX_RETRIES=2): the turn ends with an API error. */
function exhaustedRow(): MatrixRow {
  const faults = [{ type: "http_error", status: 529, times: 3 }];
  const env = { CLAUDE_CODE_MAX_RETRIES: "2" };
  const why = "3 attempts, the last one given up";
  const withEnv = (shape: Shape): Shape => ({ ...shape, env: { ...shape.env, ...env } });
  return {
    fault: "529, retries exhausted",
    how: `${JSON.stringify(faults)} with CLAUDE_CODE_MAX_RETRIES=2`,
    cells: [
      cell("before_stream", withEnv(firstRequest(faults)), "api_error", 2, why),
      skip("mid_text", NO_STREAM),
      skip("mid_tool_json", NO_STREAM),
      cell("between_tools", withEnv(secondRound(faults)), "api_error", 2, why),
      skip("during_tool", NO_TOOL_RUNNING),
      cell("during_compaction", withEnv(compaction(faults)), "recovered", 3, why),
      cell("during_hook", withEnv(afterStopHook(faults)), "api_error", 2, why),
    ],
  };
}

/** SIGINT in each phase, sent once the phase is seen from outside. */
function abortRow(): MatrixRow {
  const stall = [{ type: "stall", ms: 600_000 }];
  const partial = ["--include-partial-messages"];
  const slowText = { content: [text(LONG_TEXT), bash("A")], chunkDelayMs: 40 };
  const aborted = (phase: Phase, plan: Omit<CellPlan, "expect" | "bound">): MatrixCell => ({
    phase,
    plan: {
      ...plan,
      expect: "aborted",
      bound: `the ${plan.maxRequests} requests made before SIGINT`,
    },
  });
  return {
    fault: "abort (SIGINT)",
    how: "SIGINT once the phase is reached (a stall, slow chunks, a held tool or hook)",
    cells: [
      aborted("before_stream", {
        scenario: { turns: [{ content: DONE, faults: stall }] },
        abortWhen: { on: "request", count: 1 },
        maxRequests: 1,
      }),
      aborted("mid_text", {
        scenario: { turns: [slowText] },
        args: partial,
        abortWhen: { on: "stdout", text: '"text_delta"' },
        neverRuns: ["A"],
        maxRequests: 1,
      }),
      aborted("mid_tool_json", {
        scenario: { turns: [{ ...slowText, content: [text("Checking."), bash("A")] }] },
        args: partial,
        abortWhen: { on: "stdout", text: '"input_json_delta"' },
        neverRuns: ["A"],
        maxRequests: 1,
      }),
      aborted("between_tools", {
        scenario: { turns: [{ content: [bash("A")] }, { content: [bash("B")], faults: stall }] },
        abortWhen: { on: "request", count: 2 },
        neverRuns: ["B"],
        maxRequests: 2,
      }),
      aborted("during_tool", {
        scenario: { turns: [{ content: [heldBash("H")] }, { content: DONE }] },
        abortWhen: { on: "file", name: "started" },
        maxRequests: 1,
      }),
      aborted("during_compaction", {
        scenario: {
          turnMode: "count",
          turns: [{ content: [bash("A")], usage: NEAR_FULL }, { content: DONE }],
          side: [compactRule(stall)],
        },
        env: WINDOW_ENV,
        mustSee: "compact",
        abortWhen: { on: "request", count: 1, kind: "compact" },
        maxRequests: 2,
      }),
      aborted("during_hook", {
        scenario: { turns: [{ content: [bash("A")] }, { content: DONE }] },
        hooks: { PreToolUse: hookEntry("slow-pre-tool.sh", "Bash") },
        scripts: { "slow-pre-tool.sh": SLOW_PRE_TOOL },
        abortWhen: { on: "file", name: "hook-started" },
        neverRuns: ["A"],
        maxRequests: 1,
      }),
    ],
  };
}

/** Every row of the matrix, in the order of issue #9. */
export const MATRIX: MatrixRow[] = [
  httpRow("529 overloaded", [{ type: "http_error", status: 529, times: 2 }], 2),
  httpRow(
    "429 with retry-after",
    [{ type: "http_error", status: 429, headers: { "retry-after": "0" } }],
    1,
  ),
  httpRow("500 api_error", [{ type: "http_error", status: 500, times: 2 }], 2),
  streamRow("connection reset", "disconnect"),
  streamRow("error event", "error_event"),
  streamRow("malformed SSE", "malformed"),
  maxTokensRow(),
  promptTooLongRow(),
  exhaustedRow(),
  abortRow(),
];
