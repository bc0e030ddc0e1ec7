import type { PermissionDecision } from "../../../policy/decision.js";
import type { PermissionEngine } from "../../../policy/engine.js";
import type { PermissionMode, ToolUseContext } from "../../../tools/context.js";
import { FileStateCache } from "../../../tools/file-state-cache.js";
import { NO_TOOL_HOOKS } from "../../../tools/hooks.js";
import { type AnyTool, findTool } from "../../../tools/tool.js";

/** A call a user command makes while it expands: an inline !`command`, or reading an `@file`. */
export type ExpansionCall = { tool: "Bash"; command: string } | { tool: "Read"; path: string };

/**
 * How such a call was decided. Nobody can be asked while a command expands, so "ask" stops it
 * as "deny" does; `rule` names the rule that decided, when one did.
 */
export type ExpansionVerdict =
  | { behavior: "allow" }
  | { behavior: "deny" | "ask"; message: string; rule?: string };

/** The command's `allowed-tools`, in force (as turn rules) for the decision. */
export interface ExpansionAllow {
  rules: readonly string[];
  /** Where /permissions would say they come from. */
  origin: string;
}

/** Decides one call of an expanding user command as the same tool call in a turn is decided. */
export type ExpansionDecider = (
  call: ExpansionCall,
  allow: ExpansionAllow,
) => Promise<ExpansionVerdict>;

/** What deciding needs from the session. */
export interface ExpansionPermissionInputs {
  /** The session's permission engine (undefined until the session made it). */
  engine: () => PermissionEngine | undefined;
  /** The session's tools now: the decision runs the tool's own permission check. */
  tools: () => readonly AnyTool[];
  mode: () => PermissionMode;
  cwd: string;
}

/** A context for a decision outside any turn: the session's folders and mode, nobody to ask. */
function decisionContext(
  inputs: ExpansionPermissionInputs,
  engine: PermissionEngine,
  tools: readonly AnyTool[],
): ToolUseContext {
  return {
    options: {
      tools,
      mainLoopModel: "",
      commands: [],
      agentDefinitions: [],
      isNonInteractiveSession: true,
      maxToolUseConcurrency: 1,
      cwd: inputs.cwd,
      additionalDirectories: engine.workingFolders.filter((folder) => folder !== inputs.cwd),
      readDenial: engine.readDenial,
    },
    abortController: new AbortController(),
    readFileState: new FileStateCache(),
    toolDecisions: new Map(),
    messages: [],
    canUseTool: async () => ({ behavior: "deny", message: "nobody can be asked now" }),
    hooks: NO_TOOL_HOOKS,
    getAppState: () => ({ permissionMode: inputs.mode() }),
    setAppState: () => {},
    setInProgressToolUseIds: () => {},
  };
}

function verdictOf(decision: PermissionDecision): ExpansionVerdict {
  if (decision.behavior === "allow") return { behavior: "allow" };
  const rule = decision.reason.type === "rule" ? { rule: decision.reason.rule } : {};
  return { behavior: decision.behavior, message: decision.message, ...rule };
}

/**
 * Decides an expanding command's calls with the session's permission engine and the tool's
 * own check (deny rules, safety checks, modes all hold); the command's allowed-tools are added
 * as turn rules for the decision only.
 */
export function expansionDecider(inputs: ExpansionPermissionInputs): ExpansionDecider {
  return async (call, allow) => {
    const engine = inputs.engine();
    if (!engine) {
      return { behavior: "ask", message: "the session's permissions are not ready yet" };
    }
    const tools = inputs.tools();
    const tool = findTool(tools, call.tool);
    if (!tool) return { behavior: "deny", message: `this session has no ${call.tool} tool` };
    const input = call.tool === "Bash" ? { command: call.command } : { file_path: call.path };
    const turn = engine.addTurnRules(allow.rules, allow.origin);
    try {
      return verdictOf(await engine.decide(tool, input, decisionContext(inputs, engine, tools)));
    } finally {
      turn.remove();
    }
  };
}
