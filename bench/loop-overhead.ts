// Loop overhead per iteration (model and tool time excluded), with a 200-message history.
// The model is an in-memory stub that answers at once with one tool call, the tool returns at
// once; the baseline runs the same stub and tool by hand, without the loop, in the same process.
// Writes bench/results/loop.json and the loop section of bench/results.md.
// Usage: npm run bench:loop [-- iterations]
import { fileURLToPath } from "node:url";
import { z } from "zod";
import type { CallModel } from "../src/loop/params.js";
import { query } from "../src/loop/query.js";
import type { ModelEvent } from "../src/model/provider.js";
import type { StreamEvent } from "../src/protocol/events.js";
import { createUserMessage } from "../src/protocol/factories.js";
import type { Message } from "../src/protocol/messages.js";
import { FileStateCache } from "../src/tools/file-state-cache.js";
import { NO_TOOL_HOOKS } from "../src/tools/hooks.js";
import type { Tool } from "../src/tools/tool.js";
import { machineFacts } from "./lib/machine.js";
import { writeJson, writeSection } from "./lib/results-file.js";
import { median, round } from "./lib/stats.js";
import { markdownTable } from "./lib/tools-table.js";

const iterations = Number(process.argv[2] ?? 300);
let n = 0;
const ids = { uuid: () => `id-${++n}`, timestamp: () => "2026-01-01T00:00:00.000Z" };

const echo: Tool<{ text: string }, string> = {
  name: "Echo",
  description: "echo",
  inputSchema: z.strictObject({ text: z.string() }),
  maxResultSizeChars: 10_000,
  isReadOnly: () => true,
  isConcurrencySafe: () => true,
  call: async (input) => ({ data: input.text }),
  mapToolResult: (output, id) => ({ type: "tool_result", tool_use_id: id, content: output }),
};

function response(i: number, last: boolean): ModelEvent[] {
  const start: StreamEvent = {
    type: "message_start",
    message: {
      id: `msg_${i}`,
      type: "message",
      role: "assistant",
      model: "m",
      content: [],
      stop_reason: null,
      stop_sequence: null,
      usage: { input_tokens: 10, output_tokens: 1 },
    },
  };
  const block = last
    ? ({ type: "text", text: "done" } as const)
    : ({
        type: "tool_use",
        id: `toolu_${i}`,
        name: "Echo",
        input: { text: "x".repeat(100) },
      } as const);
  return [
    { type: "stream_event", event: start },
    { type: "block", index: 0, block },
    {
      type: "response",
      response: {
        id: `msg_${i}`,
        model: "m",
        content: [block],
        stopReason: last ? "end_turn" : "tool_use",
        stopSequence: null,
        usage: {
          input_tokens: 10,
          output_tokens: 5,
          cache_creation_input_tokens: 0,
          cache_read_input_tokens: 0,
        },
      },
    },
  ];
}

function history(): Message[] {
  const messages: Message[] = [];
  for (let i = 0; i < 100; i++) {
    messages.push(createUserMessage(`question ${i} ${"y".repeat(200)}`, ids));
    messages.push({
      type: "assistant",
      uuid: ids.uuid(),
      timestamp: ids.timestamp(),
      message: {
        id: `h${i}`,
        model: "m",
        role: "assistant",
        content: [{ type: "text", text: "z".repeat(200) }],
        stop_reason: "end_turn",
        stop_sequence: null,
        usage: {
          input_tokens: 1,
          output_tokens: 1,
          cache_creation_input_tokens: 0,
          cache_read_input_tokens: 0,
        },
      },
    });
  }
  messages.push(createUserMessage("go", ids));
  return messages;
}

async function withLoop(): Promise<number> {
  let call = 0;
  const callModel: CallModel = async function* () {
    call += 1;
    yield* response(call, call > iterations);
  };
  const started = performance.now();
  const turn = query({
    messages: history(),
    systemPrompt: "bench",
    userContext: {},
    toolUseContext: {
      options: {
        tools: [echo],
        mainLoopModel: "m",
        commands: [],
        agentDefinitions: [],
        isNonInteractiveSession: true,
        maxToolUseConcurrency: 10,
        cwd: process.cwd(),
        additionalDirectories: [],
      },
      abortController: new AbortController(),
      readFileState: new FileStateCache(),
      toolDecisions: new Map(),
      messages: [],
      canUseTool: async () => ({ behavior: "allow" }),
      hooks: NO_TOOL_HOOKS,
      getAppState: () => ({ permissionMode: "default" }),
      setAppState: () => {},
      setInProgressToolUseIds: () => {},
    },
    deps: { callModel, ids },
    maxOutputTokens: 1000,
  });
  for await (const _ of turn) {
    // drain
  }
  return performance.now() - started;
}

async function baseline(): Promise<number> {
  const started = performance.now();
  for (let i = 1; i <= iterations + 1; i++) {
    for (const _ of response(i, i > iterations)) {
      // what the loop receives from the model
    }
    if (i <= iterations) await echo.call({ text: "x" }, undefined as never, () => {});
  }
  return performance.now() - started;
}

const TARGET_MS = 1;
const RUNS = 5;
const loopRuns: number[] = [];
const baseRuns: number[] = [];
for (let run = 0; run < RUNS; run++) {
  loopRuns.push(await withLoop());
  baseRuns.push(await baseline());
}
const perIteration = (median(loopRuns) - median(baseRuns)) / (iterations + 1);
const { date, ...machine } = machineFacts();
const results = {
  date,
  machine,
  runs: RUNS,
  iterations: iterations + 1,
  historyMessages: 201,
  loopMsMedian: round(median(loopRuns), 1),
  loopRunsMs: loopRuns.map((ms) => round(ms, 1)),
  baselineMsMedian: round(median(baseRuns), 2),
  overheadMsPerIteration: round(perIteration, 3),
  targetMs: TARGET_MS,
};
console.log(JSON.stringify(results));

const table = markdownTable(
  ["Figure", "keel", "Baseline (same run)", "Per iteration", "Target"],
  [
    [
      `${results.iterations} iterations`,
      `${results.loopMsMedian} ms`,
      `${results.baselineMsMedian} ms`,
      `${round(perIteration, 2)} ms`,
      `< ${TARGET_MS} ms ${perIteration < TARGET_MS ? "met" : "MISSED"}`,
    ],
  ],
);
const about = `${results.date.slice(0, 10)} · node ${process.version} · ${results.machine.cpus} CPUs (load ${results.machine.loadAverage1m}) · median of ${RUNS} runs · ${iterations} tool rounds starting from a 201-message history`;
const section = [
  "## Loop overhead per iteration (`npm run bench:loop`)",
  about,
  "The model is an in-memory stub that answers at once with one tool call and the tool returns at\nonce; the baseline runs the same stub and tool by hand in the same process, so the difference is\nthe loop's own work (preparing the request, building messages, orchestration, transitions).",
  table,
].join("\n\n");
await writeJson(fileURLToPath(new URL("results/loop.json", import.meta.url)), results);
await writeSection(fileURLToPath(new URL("results.md", import.meta.url)), "loop", section);
