import type { AskHookModel } from "../hooks/run-prompt-hook.js";
import type { CallModel } from "../loop/params.js";
import { query } from "../loop/query.js";
import { requestMaxTokens } from "../model/catalog.js";
import { createUserMessage, type IdSource } from "../protocol/factories.js";
import { createChildAbortController } from "../tools/child-abort-controller.js";
import type { AppState, CanUseTool, ToolUseContext } from "../tools/context.js";
import { FileStateCache } from "../tools/file-state-cache.js";
import { NO_TOOL_HOOKS } from "../tools/hooks.js";
import type { ReadDenial } from "../tools/read-denial.js";
import type { AnyTool } from "../tools/tool.js";
import { FinalTextTracker } from "./subagent-outcome.js";

/** The `x-keel-agent` name of an agent hook's requests (a scenario can script it). */
export const HOOK_AGENT_NAME = "hook-agent";

/** The tools an agent hook's subagent may use: it looks, it never changes anything. */
const HOOK_AGENT_TOOLS: ReadonlySet<string> = new Set(["Read", "Glob", "Grep"]);

/** Claude Code's turn limit for an agent hook's subagent. */
const HOOK_AGENT_MAX_TURNS = 50;

/** What agent hooks' subagents run with. */
export interface HookAgentDeps {
  callModel: CallModel;
  ids: IdSource;
  /** The model when the hook names none (the small model; the main one on `openai:`). */
  model: string;
  /** The session's tools now (the read-only ones are taken). */
  tools: () => readonly AnyTool[];
  cwd: string;
  additionalDirectories: readonly string[];
  /** Permissions with no one to ask (reads inside the working folders are allowed). */
  canUseTool: CanUseTool;
  readDenial?: ReadDenial;
}

function hookAgentContext(
  deps: HookAgentDeps,
  model: string,
  abortController: AbortController,
): ToolUseContext {
  let appState: AppState = { permissionMode: "default" };
  return {
    options: {
      tools: deps.tools().filter((tool) => HOOK_AGENT_TOOLS.has(tool.name)),
      mainLoopModel: model,
      commands: [],
      agentDefinitions: [],
      isNonInteractiveSession: true,
      maxToolUseConcurrency: 10,
      cwd: deps.cwd,
      additionalDirectories: deps.additionalDirectories,
      ...(deps.readDenial ? { readDenial: deps.readDenial } : {}),
    },
    abortController,
    readFileState: new FileStateCache(),
    toolDecisions: new Map(),
    agentType: HOOK_AGENT_NAME,
    messages: [],
    canUseTool: deps.canUseTool,
    // Its own tool calls fire no hooks: a hook's verifier must not set off hooks again.
    hooks: NO_TOOL_HOOKS,
    getAppState: () => appState,
    setAppState: (update) => {
      appState = update(appState);
    },
    setInProgressToolUseIds: () => {},
  };
}

/**
 * Agent hooks' subagent (Claude Code's agentic verifier): the hook's question runs through
 * query() with Read, Glob and Grep, up to 50 turns, and its final text is the answer (read as
 * `{"ok", "reason"}` by the hook). A run that ends otherwise than completed throws.
 */
export function createHookAgent(deps: HookAgentDeps): AskHookModel {
  return async (question, signal) => {
    const model = question.model ?? deps.model;
    const child = createChildAbortController(signal);
    const finalText = new FinalTextTracker();
    try {
      const turn = query({
        messages: [createUserMessage(question.prompt, deps.ids)],
        systemPrompt: question.system,
        userContext: {},
        toolUseContext: hookAgentContext(deps, model, child.controller),
        deps: { callModel: deps.callModel, ids: deps.ids },
        maxOutputTokens: requestMaxTokens(model, undefined),
        maxTurns: HOOK_AGENT_MAX_TURNS,
        requestKind: "main",
      });
      let step = await turn.next();
      while (!step.done) {
        finalText.observe(step.value);
        step = await turn.next();
      }
      if (signal.aborted) throw new Error("the agent hook was stopped");
      if (step.value.reason !== "completed") {
        throw new Error(`the agent hook's subagent ended with ${step.value.reason}`);
      }
      return finalText.text;
    } finally {
      child.dispose();
    }
  };
}
