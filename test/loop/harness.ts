import type { QueryEvent } from "../../src/loop/events.js";
import type { CallModel, QueryDeps, QueryParams } from "../../src/loop/params.js";
import { query } from "../../src/loop/query.js";
import type { Terminal } from "../../src/loop/transitions.js";
import { type RetryOptions, streamWithRetry } from "../../src/model/retry.js";
import { createScriptedProvider } from "../../src/model/scripted/provider.js";
import { parseScenario } from "../../src/model/scripted/scenario.js";
import { createUserMessage, type IdSource } from "../../src/protocol/factories.js";
import type { LoopTransition, Message } from "../../src/protocol/messages.js";
import type { CanUseTool, ToolUseContext, ToolUseOptions } from "../../src/tools/context.js";
import type { ToolHooks } from "../../src/tools/hooks.js";
import type { AnyTool } from "../../src/tools/tool.js";
import { makeToolUseContext } from "../helpers/tool-context.js";

/** Deterministic ids: u1, u2, … and a fixed clock. */
export function counterIds(): IdSource {
  let n = 0;
  return { uuid: () => `u${++n}`, timestamp: () => "2026-01-01T00:00:00.000Z" };
}

/** Options for one loop run. */
export interface LoopRunOptions {
  tools?: AnyTool[];
  deps?: Partial<QueryDeps>;
  params?: Partial<QueryParams>;
  canUseTool?: CanUseTool;
  hooks?: ToolHooks;
  retry?: Partial<RetryOptions>;
  prompt?: string;
  abortController?: AbortController;
  /** Extra context options built from the run's loop deps (e.g. a subagent runner). */
  toolUseOptions?: (deps: QueryDeps) => Partial<ToolUseOptions>;
}

/** What a loop run produced. */
export interface LoopRun {
  events: QueryEvent[];
  terminal: Terminal;
  transitions: LoopTransition[];
  /** The requests the scripted model received, as API bodies. */
  requests: Array<Record<string, unknown>>;
  violations: unknown[];
}

/** A minimal real ToolUseContext for a loop run (working folder: the process's). */
export function testContext(tools: AnyTool[], options: LoopRunOptions = {}): ToolUseContext {
  return makeToolUseContext({
    tools,
    canUseTool: options.canUseTool,
    hooks: options.hooks,
    abortController: options.abortController,
  });
}

/** Runs one turn of query() against an in-process scripted model. */
export async function runLoop(scenario: unknown, options: LoopRunOptions = {}): Promise<LoopRun> {
  const provider = createScriptedProvider(parseScenario(scenario, "loop test"));
  const callModel: CallModel = (request, signal, o) =>
    streamWithRetry(provider, request, signal, {
      sleep: async () => {},
      ...options.retry,
      hasFallbackModel: o.hasFallbackModel,
    });
  const ids = counterIds();
  const deps: QueryDeps = { callModel, ids, ...options.deps };
  const context = testContext(options.tools ?? [], options);
  const extra = options.toolUseOptions?.(deps) ?? {};
  const params: QueryParams = {
    messages: [createUserMessage(options.prompt ?? "do the task", ids)],
    systemPrompt: "You are a test agent.",
    userContext: {},
    toolUseContext: { ...context, options: { ...context.options, ...extra } },
    deps,
    maxOutputTokens: 8_000,
    ...options.params,
  };
  const events: QueryEvent[] = [];
  const generator = query(params);
  let step = await generator.next();
  while (!step.done) {
    events.push(step.value);
    step = await generator.next();
  }
  const transitions = events.flatMap((e) =>
    e.type === "system" && e.subtype === "transition" ? [e.transition] : [],
  );
  return {
    events,
    terminal: step.value,
    transitions,
    requests: provider.requests.map((r) => r.body as Record<string, unknown>),
    violations: [...provider.violations],
  };
}

/** The messages (not raw stream events) a run yielded. */
export function messagesOf(run: LoopRun): Message[] {
  return run.events.filter((e): e is Message =>
    ["user", "assistant", "attachment", "system", "progress"].includes(e.type),
  );
}
