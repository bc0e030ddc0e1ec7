import type { QueryDeps } from "../loop/params.js";
import { capClassifierContext } from "../tools/classifier-context.js";
import type { PreToolUseOutcome, ToolHooks } from "../tools/hooks.js";

type Permission = NonNullable<PreToolUseOutcome["permission"]>;

const STRICTNESS: Record<Permission["behavior"], number> = { allow: 0, ask: 1, deny: 2 };

/** The stricter of two hook decisions (deny over ask over allow), as merged hooks decide. */
function stricter(a: Permission | undefined, b: Permission | undefined): Permission | undefined {
  if (!a) return b;
  if (!b) return a;
  return STRICTNESS[b.behavior] > STRICTNESS[a.behavior] ? b : a;
}

/**
 * The session's tool hooks followed by an agent's own: the agent's see the input as the
 * session's left it, a deny or a stop of the session's ends it there, decisions merge to the
 * stricter, context from both is kept. Other events stay the session's alone.
 */
export function chainToolHooks(outer: ToolHooks, inner: ToolHooks): ToolHooks {
  return {
    ...outer,
    async preToolUse(tool, input, toolUseId, signal) {
      const first = await outer.preToolUse(tool, input, toolUseId, signal);
      if (first.permission?.behavior === "deny" || first.preventContinuation) return first;
      const given = first.updatedInput ?? input;
      const second = await inner.preToolUse(tool, given, toolUseId, signal);
      const permission = stricter(first.permission, second.permission);
      const updatedInput = second.updatedInput ?? first.updatedInput;
      return {
        ...(permission ? { permission } : {}),
        ...(updatedInput ? { updatedInput } : {}),
        ...(second.preventContinuation ? { preventContinuation: second.preventContinuation } : {}),
        attachments: [...first.attachments, ...second.attachments],
      };
    },
    async postToolUse(tool, input, toolUseId, response, signal) {
      const first = await outer.postToolUse(tool, input, toolUseId, response, signal);
      const second = await inner.postToolUse(tool, input, toolUseId, response, signal);
      const stop = first.preventContinuation ?? second.preventContinuation;
      const updatedOutput = second.updatedOutput ?? first.updatedOutput;
      const asserted = [first.classifierContext ?? "", second.classifierContext ?? ""];
      const classifierContext = capClassifierContext(asserted);
      return {
        ...(stop ? { preventContinuation: stop } : {}),
        ...(updatedOutput ? { updatedOutput } : {}),
        ...(classifierContext === undefined ? {} : { classifierContext }),
        attachments: [...first.attachments, ...second.attachments],
      };
    },
  };
}

type StopHooks = NonNullable<QueryDeps["runStopHooks"]>;

/** The session's SubagentStop hooks, then the agent's own (its Stop): feedback from both. */
export function chainStopHooks(outer: StopHooks | undefined, inner: StopHooks): StopHooks {
  if (!outer) return inner;
  return async (messages, context, active) => {
    const first = await outer(messages, context, active);
    if (first.preventContinuation) return first;
    const second = await inner(messages, context, active);
    const added = [...(first.additionalContext ?? []), ...(second.additionalContext ?? [])];
    return {
      blockingErrors: [...first.blockingErrors, ...second.blockingErrors],
      ...(added.length > 0 ? { additionalContext: added } : {}),
      ...(second.preventContinuation ? { preventContinuation: second.preventContinuation } : {}),
    };
  };
}
