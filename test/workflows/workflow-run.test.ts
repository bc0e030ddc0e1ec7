import { describe, expect, it } from "vitest";
import { DEFAULT_SANDBOX_LIMITS } from "../../src/workflows/quickjs-sandbox.js";
import { checkWorkflowScript } from "../../src/workflows/script-check.js";
import type { WorkflowEvent } from "../../src/workflows/workflow-events.js";
import { type JournalEntry, ReplayCursor } from "../../src/workflows/workflow-journal.js";
import {
  type AgentCall,
  type AgentOutcome,
  runWorkflow,
  type WorkflowRunDeps,
  type WorkflowRunOutcome,
} from "../../src/workflows/workflow-run.js";

const META = `export const meta = { name: "t", description: "a test workflow" };\n`;

interface Harness {
  calls: AgentCall[];
  journal: JournalEntry[];
  events: WorkflowEvent[];
  maxAtOnce: number;
}

/** Agents that answer at once with their prompt (or `answer`'s value), counted. */
function harness(
  answer: (call: AgentCall) => AgentOutcome = (call) => ({
    ok: true,
    value: `did ${call.prompt}`,
    tokens: 10,
  }),
  overrides: Partial<WorkflowRunDeps> = {},
): { deps: WorkflowRunDeps; seen: Harness } {
  const seen: Harness = { calls: [], journal: [], events: [], maxAtOnce: 0 };
  let running = 0;
  const deps: WorkflowRunDeps = {
    runAgent: async (call) => {
      seen.calls.push(call);
      running += 1;
      seen.maxAtOnce = Math.max(seen.maxAtOnce, running);
      // Let the other calls start before this one ends, so concurrency is really exercised.
      await new Promise((resolve) => setImmediate(resolve));
      running -= 1;
      return answer(call);
    },
    childSource: async (name) =>
      name === "child"
        ? `${META}return await agent("child of " + args.topic);`
        : Promise.reject(new Error(`no saved workflow named ${name}`)),
    appendJournal: async (entry) => {
      seen.journal.push(entry);
    },
    onEvent: (event) => seen.events.push(event),
    concurrency: 2,
    budgetTotal: null,
    limits: DEFAULT_SANDBOX_LIMITS,
    ...overrides,
  };
  return { deps, seen };
}

async function run(
  script: string,
  deps: WorkflowRunDeps,
  args: unknown = null,
): Promise<WorkflowRunOutcome> {
  const checked = await checkWorkflowScript(`${META}${script}`);
  if (!checked.ok) throw new Error(checked.message);
  return runWorkflow(checked.body, args, deps, new AbortController().signal);
}

function failure(outcome: WorkflowRunOutcome): string {
  if (outcome.ok) throw new Error(`expected a failure, got ${JSON.stringify(outcome.result)}`);
  return outcome.message;
}

describe("workflow runtime (QuickJS sandbox)", () => {
  it("runs parallel agents with a schema, at most `concurrency` at once, journalling each", async () => {
    const { deps, seen } = harness((call) => ({
      ok: true,
      value: call.options.schema ? { file: call.prompt, ok: true } : "text",
      tokens: 5,
    }));
    const outcome = await run(
      `phase("Review");
       const schema = { type: "object", properties: { file: { type: "string" } } };
       const files = args.files;
       const results = await parallel(files.map((f) => () => agent(f, { label: f, schema })));
       log("reviewed", results.length);
       return { results, spent: budget.spent(), total: budget.total };`,
      deps,
      { files: ["a.ts", "b.ts", "c.ts"] },
    );
    expect(outcome).toEqual({
      ok: true,
      result: {
        results: [
          { file: "a.ts", ok: true },
          { file: "b.ts", ok: true },
          { file: "c.ts", ok: true },
        ],
        spent: 15,
        total: null,
      },
    });
    expect(seen.maxAtOnce).toBe(2);
    expect(seen.calls.map((c) => [c.seq, c.phase, c.options.label])).toEqual([
      [0, "Review", "a.ts"],
      [1, "Review", "b.ts"],
      [2, "Review", "c.ts"],
    ]);
    expect(seen.journal.filter((e) => e.status === "done").map((e) => e.seq)).toEqual([0, 1, 2]);
    expect(seen.events).toContainEqual({ type: "phase", title: "Review" });
    expect(seen.events).toContainEqual({ type: "log", message: "reviewed 3" });
  });

  it("pipelines items through stages, nulling an item whose stage throws; parallel never rejects", async () => {
    const { deps } = harness((call) =>
      call.prompt.includes("bad")
        ? { ok: false, error: "the agent died", tokens: 1 }
        : { ok: true, value: call.prompt.toUpperCase(), tokens: 1 },
    );
    const outcome = await run(
      `const piped = await pipeline(["x", "bad", "y"],
         (item) => agent(item),
         (prev, item, index) => { if (prev === null) throw new Error("no"); return prev + index; });
       const settled = await parallel([() => { throw new Error("boom"); }, () => agent("z")]);
       return { piped, settled };`,
      deps,
    );
    expect(outcome).toEqual({
      ok: true,
      result: { piped: ["X0", null, "Y2"], settled: [null, "Z"] },
    });
  });

  it("runs a child workflow inline with its own args, one level deep only", async () => {
    const { deps } = harness();
    expect(await run(`return await workflow("child", { topic: "tests" });`, deps)).toEqual({
      ok: true,
      result: "did child of tests",
    });
    expect(failure(await run(`return await workflow("missing");`, deps))).toContain(
      "no saved workflow named missing",
    );
  });

  it("fails a script that reaches Date.now, Math.random or an argless Date dynamically", async () => {
    const { deps, seen } = harness();
    const reached = [
      `const D = globalThis["Da" + "te"]; return D["no" + "w"]();`,
      `return Math["ran" + "dom"]();`,
      `const D = globalThis["Da" + "te"]; return String(new D());`,
      `const C = new Date(0).constructor; return String(new C());`,
      `const D = globalThis["Da" + "te"]; return D();`,
    ];
    const messages = await Promise.all(
      reached.map(async (script) => failure(await run(script, deps))),
    );
    expect(messages[0]).toContain("Date.now is not available in workflow scripts");
    expect(messages[1]).toContain("Math.random is not available in workflow scripts");
    expect(messages[2]).toContain("new Date() without arguments is not available");
    expect(messages[3]).toContain("new Date() without arguments is not available");
    expect(messages[4]).toContain("Date() without new is not available");
    expect(seen.calls).toEqual([]);
    // A fixed date is fine: it is the same on every run.
    expect(await run(`return new Date(0).toISOString();`, deps)).toEqual({
      ok: true,
      result: "1970-01-01T00:00:00.000Z",
    });
  });

  it("has no file system, no modules and no host objects", async () => {
    const { deps } = harness();
    const outcome = await run(
      `return [typeof require, typeof process, typeof fetch, typeof std, typeof os, typeof __keel];`,
      deps,
    );
    expect(outcome).toEqual({
      ok: true,
      result: ["undefined", "undefined", "undefined", "undefined", "undefined", "undefined"],
    });
    expect(failure(await run(`return await eval("imp" + "ort('node:fs')");`, deps))).toMatch(
      /could not load module|not supported|import/,
    );
  });

  it("stops a runaway loop and a script that eats memory with an error", async () => {
    const { deps } = harness(undefined, {
      limits: { ...DEFAULT_SANDBOX_LIMITS, sliceMs: 100 },
    });
    expect(failure(await run(`while (true) {}`, deps))).toContain("runaway loop");
    expect(failure(await run(`await agent("x"); for (;;) {}`, deps))).toContain("runaway loop");
    const small = harness(undefined, {
      limits: { ...DEFAULT_SANDBOX_LIMITS, memoryBytes: 16 * 1024 * 1024 },
    });
    expect(
      failure(await run(`const big = "x".repeat(50000000); return big.length;`, small.deps)),
    ).toContain("ran out of memory");
  });

  it("enforces the caps: items per parallel/pipeline call and agents per run", async () => {
    const { deps, seen } = harness(undefined, { concurrency: 16 });
    expect(
      failure(
        await run(`return await parallel(Array.from({ length: 4097 }, () => () => 1));`, deps),
      ),
    ).toContain("parallel() was given 4097 items, at most 4096 are allowed");
    expect(
      failure(await run(`return await pipeline(Array.from({ length: 4097 }, (_, i) => i));`, deps)),
    ).toContain("pipeline() was given 4097 items");
    const outcome = await run(
      `for (let i = 0; i < 1000; i++) await agent("n" + i);
       try { await agent("one too many"); return "ran"; } catch (e) { return e.message; }`,
      deps,
    );
    expect(outcome).toEqual({
      ok: true,
      result: "workflow cap reached: a run may start at most 1000 agent() calls",
    });
    expect(seen.calls).toHaveLength(1000);
  });

  it("refuses agent() once the budget is spent, and options it does not know", async () => {
    const { deps } = harness(undefined, { budgetTotal: 15 });
    const outcome = await run(
      `await agent("a"); const left = budget.remaining(); await agent("b");
       try { await agent("c"); } catch (e) { return [left, e.message]; }`,
      deps,
    );
    expect(outcome).toEqual({
      ok: true,
      result: [5, "workflow budget exhausted: 20 of 15 tokens spent, no more agent() calls"],
    });
    expect(failure(await run(`await agent("a", { colour: "red" });`, deps))).toContain(
      'Unrecognized key: "colour"',
    );
  });

  it("replays journalled calls and runs the rest live", async () => {
    const first = harness();
    await run(`return await parallel([() => agent("a"), () => agent("b")]);`, first.deps);
    // As if the run had been killed while b ran: only a's end is in the journal.
    const journal = first.seen.journal.filter((e) => !(e.status === "done" && e.seq === 1));
    const second = harness(undefined, { replay: new ReplayCursor(journal) });
    const outcome = await run(
      `return await parallel([() => agent("a"), () => agent("b")]);`,
      second.deps,
    );
    expect(outcome).toEqual({ ok: true, result: ["did a", "did b"] });
    expect(second.seen.calls.map((c) => c.prompt)).toEqual(["b"]);
    expect(second.seen.events).toContainEqual({ type: "agent", seq: 0, state: "cached" });
  });
});
