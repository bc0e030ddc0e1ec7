import type { ToolUseContext } from "../tools/context.js";
import type { AnyTool } from "../tools/tool.js";
import type { PermissionDecision } from "./decision.js";
import type { PermissionEngine } from "./engine.js";

/** What the model is told when a PermissionDenied hook says retry (Claude Code's words). */
const RETRY_NOTE =
  "The PermissionDenied hook indicated this command is now approved. You may retry it if you would like.";

/** What the auto mode's classifier answers about one call. */
export type AutoVerdict =
  | { decision: "allow" | "ask" | "deny"; reason: string }
  /** It could not judge (a failed request, a timeout, an answer that is not a verdict). */
  | { decision: "failed"; reason: string };

/** One call the classifier judges. */
export interface AutoCall {
  tool: AnyTool;
  input: Record<string, unknown>;
  toolUseId: string;
  context: ToolUseContext;
}

/** What the auto mode is built from. */
export interface AutoModeDeps {
  /** Judges a call (contracts §4: the small model); never throws, a failure is a verdict. */
  classify(call: AutoCall): Promise<AutoVerdict>;
  /** Told of a denial (PermissionDenied hooks): whether the model may try the call again. */
  onDenied(call: AutoCall, reason: string): Promise<{ retry: boolean }>;
}

/**
 * Asks the classifier only about asks the person could waive: not a safety check's, not an ask
 * rule's, not a PreToolUse hook's (contracts §6: those hold in every mode); deny rules never
 * reach here, they deny before anything asks.
 */
function classifiable(decision: PermissionDecision): boolean {
  if (decision.behavior !== "ask") return false;
  return decision.reason.type === "mode" || decision.reason.type === "tool";
}

/**
 * The permission engine in the `auto` mode: a model call that would ask is first judged by
 * the classifier — allow runs it, deny refuses it with the classifier's reason, ask (and any
 * failure or timeout) leaves the ask as it was, for the person or the headless denial.
 */
export function withAutoMode(engine: PermissionEngine, deps: AutoModeDeps): PermissionEngine {
  const decide: PermissionEngine["decide"] = async (tool, input, context, options) => {
    const decision = await engine.decide(tool, input, context, options);
    const toolUseId = options?.toolUseId;
    const mode = context.getAppState().permissionMode;
    if (mode !== "auto" || toolUseId === undefined || !classifiable(decision)) return decision;
    const call = { tool, input, toolUseId, context };
    const verdict = await deps.classify(call);
    const reason = { type: "mode" as const, mode: "auto" };
    if (verdict.decision === "allow") {
      return { behavior: "allow", reason, message: `The auto mode allowed it: ${verdict.reason}` };
    }
    if (verdict.decision === "deny") {
      const { retry } = await deps.onDenied(call, verdict.reason);
      const message = `The auto mode's classifier denied ${tool.name}: ${verdict.reason}`;
      return { behavior: "deny", reason, message: retry ? `${message}\n\n${RETRY_NOTE}` : message };
    }
    if (decision.behavior !== "ask") return decision;
    const why =
      verdict.decision === "ask"
        ? `The auto mode's classifier asks a person: ${verdict.reason}`
        : `The auto mode's classifier could not judge it (${verdict.reason}), so it asks.`;
    return { ...decision, message: `${decision.message} ${why}` };
  };
  // The engine stays the prototype, so its live getters (readDenial) keep following it.
  return Object.assign(Object.create(engine) as PermissionEngine, { decide });
}
