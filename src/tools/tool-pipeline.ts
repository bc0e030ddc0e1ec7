import { callWithProgress } from "./call-with-progress.js";
import type { AllowReason, HookPermissionVerdict, ToolCallContext } from "./context.js";
import type { PostToolUseOutcome, PreToolUseOutcome } from "./hooks.js";
import { replacedResult } from "./replaced-output.js";
import type { AnyTool, ToolCallResult } from "./tool.js";
import {
  attachment,
  failure,
  recordDecision,
  stoppedContinuation,
  type ToolCallScope,
} from "./tool-call-scope.js";
import {
  CANCEL_MESSAGE,
  formatToolError,
  INTERRUPT_MESSAGE_FOR_TOOL_USE,
  isAbortError,
  toolUseError,
} from "./tool-errors.js";
import { inputRecord, parseToolInput } from "./tool-input.js";
import { createToolResultMessage } from "./tool-result-message.js";
import type { ToolMessage, ToolUpdate } from "./tool-update.js";

type Checked =
  | { ok: true; input: unknown; reason?: AllowReason }
  | { ok: false; update: ToolUpdate; endTurn?: { result: string } };

/** Schema check of an input (the model's, or one a hook or permission rewrote). */
function checkSchema(tool: AnyTool, scope: ToolCallScope, input: unknown): Checked {
  const parsed = parseToolInput(tool, input);
  if (parsed.ok) return { ok: true, input: parsed.data };
  const text = `InputValidationError: ${parsed.message}${scope.validationHint ?? ""}`;
  return { ok: false, update: failure(scope, toolUseError(text), text) };
}

/** Schema, then the tool's own validation. */
async function checkInput(tool: AnyTool, scope: ToolCallScope): Promise<Checked> {
  const schema = checkSchema(tool, scope, scope.block.input);
  if (!schema.ok || !tool.validateInput) return schema;
  const verdict = await tool.validateInput(schema.input, scope.context);
  if (verdict.ok) return schema;
  return { ok: false, update: failure(scope, toolUseError(verdict.message), verdict.message) };
}

/**
 * Steps 2–4 and 7–16 of a call: abort check, input checks, PreToolUse hooks, permission,
 * the call, PostToolUse hooks. Throws only for failures outside the tool's own code.
 */
export async function* toolPipeline(
  tool: AnyTool,
  scope: ToolCallScope,
): AsyncGenerator<ToolUpdate, void, undefined> {
  if (scope.signal.aborted) {
    yield failure(scope, CANCEL_MESSAGE);
    return;
  }
  const checked = await checkInput(tool, scope);
  if (!checked.ok) {
    yield checked.update;
    return;
  }
  const { block, context, signal } = scope;
  const pre = await context.hooks.preToolUse(tool, inputRecord(checked.input), block.id, signal);
  for (const value of pre.attachments) yield attachment(scope, value);
  const permitted = await permit(tool, scope, checked.input, pre);
  if (!permitted.ok) {
    yield permitted.update;
    if (permitted.endTurn) yield endedByDenial(tool, scope, permitted.endTurn.result);
  } else if (signal.aborted) yield failure(scope, CANCEL_MESSAGE);
  else yield* callAndReport(tool, scope, permitted.input, permitted.reason);
  if (pre.preventContinuation) yield stoppedContinuation(scope, pre.preventContinuation);
}

/** A denial that ends the turn after this round, with `result` as the turn's result. */
function endedByDenial(tool: AnyTool, scope: ToolCallScope, result: string): ToolUpdate {
  return stoppedContinuation(scope, {
    hookName: tool.name,
    reason: `${tool.name} was denied and the turn ends here.`,
    result,
  });
}

/** A PreToolUse allow or ask, for the policy to weigh (a hook's deny never reaches it). */
function hookVerdict(pre: PreToolUseOutcome): HookPermissionVerdict | undefined {
  const permission = pre.permission;
  if (!permission || permission.behavior === "deny") return undefined;
  return permission.reason === undefined
    ? { behavior: permission.behavior }
    : { behavior: permission.behavior, reason: permission.reason };
}

/**
 * The hook's and the policy's permission verdicts, recorded in toolDecisions; when allowed,
 * the input the call runs with (a hook or the permission answer may have rewritten it).
 */
async function permit(
  tool: AnyTool,
  scope: ToolCallScope,
  parsedInput: unknown,
  pre: PreToolUseOutcome,
): Promise<Checked> {
  const denied = (input: unknown) =>
    scope.context.onPermissionDenied?.({ toolName: tool.name, toolUseId: scope.block.id, input });
  if (pre.permission?.behavior === "deny") {
    recordDecision(scope, { source: "hook", decision: "reject" });
    denied(parsedInput);
    const reason = pre.permission.reason || "the hook blocked this call";
    return { ok: false, update: failure(scope, `PreToolUse:${tool.name} hook error: ${reason}`) };
  }
  const hooked = pre.updatedInput ? checkSchema(tool, scope, pre.updatedInput) : null;
  if (hooked && !hooked.ok) return hooked;
  const input = hooked ? hooked.input : parsedInput;
  // A hook's allow never skips the policy: deny rules and safety checks hold in every mode.
  const { context, block, assistant } = scope;
  const decision = await context.canUseTool(
    tool,
    inputRecord(input),
    context,
    assistant,
    block.id,
    hookVerdict(pre),
  );

  if (decision.behavior === "deny") {
    // Only a person's rejection interrupts; other denials come from rules or modes.
    recordDecision(scope, { source: decision.interrupt ? "user" : "config", decision: "reject" });
    denied(input);
    if (decision.interrupt) context.abortController.abort();
    const update = failure(scope, decision.message);
    return decision.endTurn
      ? { ok: false, update, endTurn: decision.endTurn }
      : { ok: false, update };
  }
  const source = pre.permission?.behavior === "allow" ? "hook" : "config";
  // The engine's verdicts carry their reason (settledResult); an allow without one is the
  // answer to a prompt, given by a person or the host.
  const reason = decision.decisionReason ?? { type: "user", reason: "Allowed when asked." };
  recordDecision(scope, { source, decision: "accept", reason });
  if (!decision.updatedInput) return { ok: true, input, reason };
  const rewritten = checkSchema(tool, scope, decision.updatedInput);
  return rewritten.ok ? { ...rewritten, reason } : rewritten;
}

/** What a tool threw, as its result text: an interrupted call says it was interrupted. */
function describeThrown(error: unknown, signal: AbortSignal): string {
  const interrupted = signal.aborted && (isAbortError(error) || error === signal.reason);
  return interrupted ? INTERRUPT_MESSAGE_FOR_TOOL_USE : formatToolError(error);
}

/** Calls the tool, runs PostToolUse hooks, then yields its result, extra messages and the hooks' context. */
async function* callAndReport(
  tool: AnyTool,
  scope: ToolCallScope,
  input: unknown,
  allowReason: AllowReason | undefined,
): AsyncGenerator<ToolUpdate, void, undefined> {
  const { block, context, signal, ids } = scope;
  const callContext: ToolCallContext = { ...context, toolUseId: block.id, signal };
  let result: ToolCallResult<unknown>;
  let content: ReturnType<AnyTool["mapToolResult"]>;
  try {
    result = yield* callWithProgress(tool, input, callContext, ids);
    content = tool.mapToolResult(result.data, block.id);
  } catch (error) {
    const text = describeThrown(error, signal);
    yield failure(scope, text);
    yield* reportFailure(tool, scope, input, text);
    return;
  }
  // PostToolUse hooks run before the result is sent on, so one may replace what the model sees.
  yield { ran: true };
  const post = await postToolUse(tool, scope, input, result.data);
  if (post.ok && post.outcome.updatedOutput) {
    const isError = content.is_error === true;
    const { value } = post.outcome.updatedOutput;
    content = replacedResult(tool, result.data, value, block.id, isError);
  }
  const message = createToolResultMessage(
    {
      toolUseId: block.id,
      toolName: tool.name,
      content: content.content,
      isError: content.is_error === true,
      toolUseResult: result.data,
      assistant: scope.assistant,
      ...(allowReason === undefined ? {} : { allowReason }),
      ...(post.ok && post.outcome.classifierContext !== undefined
        ? { classifierContext: post.outcome.classifierContext }
        : {}),
    },
    ids,
  );
  yield result.contextModifier ? { message, contextModifier: result.contextModifier } : { message };
  for (const extra of result.newMessages ?? []) if (isToolMessage(extra)) yield { message: extra };
  // A hook that crashed leaves the result as the tool gave it; the error is reported after it.
  if (!post.ok) throw post.error;
  for (const value of post.outcome.attachments) yield attachment(scope, value);
  const stop = post.outcome.preventContinuation;
  if (stop) yield stoppedContinuation(scope, stop);
}

/** PostToolUse hooks' outcome, or what they threw. */
async function postToolUse(
  tool: AnyTool,
  scope: ToolCallScope,
  input: unknown,
  response: unknown,
): Promise<{ ok: true; outcome: PostToolUseOutcome } | { ok: false; error: unknown }> {
  const { block, context, signal } = scope;
  try {
    const record = inputRecord(input);
    return {
      ok: true,
      outcome: await context.hooks.postToolUse(tool, record, block.id, response, signal),
    };
  } catch (error) {
    return { ok: false, error };
  }
}

/** Runs PostToolUseFailure hooks for a call that threw; their context follows its result. */
async function* reportFailure(
  tool: AnyTool,
  scope: ToolCallScope,
  input: unknown,
  error: string,
): AsyncGenerator<ToolUpdate, void, undefined> {
  const { block, context, signal } = scope;
  const hook = context.hooks.postToolUseFailure;
  if (!hook) return;
  const isInterrupt = signal.aborted;
  const post = await hook(tool, inputRecord(input), block.id, { error, isInterrupt }, signal);
  for (const value of post.attachments) yield attachment(scope, value);
  if (post.preventContinuation) yield stoppedContinuation(scope, post.preventContinuation);
}

/** Only user and attachment messages may follow a tool result (an assistant one would break pairing). */
function isToolMessage(message: { type: string }): message is ToolMessage {
  return message.type === "user" || message.type === "attachment";
}
