import { z } from "zod";
import { jsonObjectText } from "../protocol/json-object-text.js";
import type { AgentHookConfig, PromptHookConfig } from "./config.js";
import type { CommandHookResult } from "./run-command-hook.js";

/** Asks the small model (a `hook_prompt` side request) and resolves its text answer. */
export type AskHookModel = (
  question: { system: string; prompt: string; model?: string },
  signal: AbortSignal,
) => Promise<string>;

/** One prompt (or agent) hook evaluation. */
interface PromptHookRequest {
  hook: PromptHookConfig | AgentHookConfig;
  /** What the model is told to answer (prompt and agent hooks differ). */
  system: string;
  /** The event's input JSON (for `$ARGUMENTS`). */
  inputJson: string;
  timeoutMs: number;
  signal: AbortSignal;
  ask: AskHookModel;
}

/** What the model is told to answer (Claude Code's prompt-hook contract). */
export const PROMPT_HOOK_SYSTEM = `You are evaluating a hook in Claude Code. You receive the hook's instructions and the event's input as JSON. Answer with JSON only: {"ok": true} when the condition is met, or {"ok": false, "reason": "<why>"} when it is not.`;

/** What an agent hook's subagent is told (it may use its read-only tools first). */
export const AGENT_HOOK_SYSTEM = `You are verifying a condition for a hook in Claude Code. You receive the hook's instructions and the event's input as JSON. Use your read-only tools (Read, Glob, Grep) to check what you need. Then answer with JSON only, as your final message: {"ok": true} when the condition is met, or {"ok": false, "reason": "<why>"} when it is not.`;

const answerSchema = z.looseObject({ ok: z.boolean(), reason: z.string().optional() });

/**
 * The prompt with the input in place of `$ARGUMENTS` (appended when it has none). Given as a
 * function, so that `$$`, `$&` or `$'` in the input (a shell command's) are not replace patterns.
 */
function promptWithInput(prompt: string, inputJson: string): string {
  return prompt.includes("$ARGUMENTS")
    ? prompt.replaceAll("$ARGUMENTS", () => inputJson)
    : `${prompt}\n\n${inputJson}`;
}

/** The first JSON object in the model's text. */
function parseAnswer(text: string): z.infer<typeof answerSchema> | undefined {
  const object = jsonObjectText(text);
  if (object === undefined) return undefined;
  try {
    const parsed = answerSchema.safeParse(JSON.parse(object));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Runs a prompt or agent hook as a command hook's ending: ok → exit 0; not ok → exit 0 with
 * `decision: "block"` and the reason (continue false unless continueOnBlock); an answer that is
 * not `{ok, reason?}` or a failed request → a non-blocking error.
 */
export async function runPromptHook(request: PromptHookRequest): Promise<CommandHookResult> {
  const deadline = new AbortController();
  const onAbort = () => deadline.abort();
  request.signal.addEventListener("abort", onAbort, { once: true });
  const timer = setTimeout(() => deadline.abort(), request.timeoutMs);
  try {
    const text = await request.ask(
      {
        system: request.system,
        prompt: promptWithInput(request.hook.prompt, request.inputJson),
        ...(request.hook.model ? { model: request.hook.model } : {}),
      },
      deadline.signal,
    );
    return ending(text);
  } catch (error) {
    if (request.signal.aborted) return { kind: "aborted" };
    if (deadline.signal.aborted) {
      return { kind: "timed_out", timeoutMs: request.timeoutMs, stdout: "", stderr: "" };
    }
    return failed(`the model request failed: ${error instanceof Error ? error.message : error}`);
  } finally {
    clearTimeout(timer);
    request.signal.removeEventListener("abort", onAbort);
  }

  function ending(text: string): CommandHookResult {
    const answer = parseAnswer(text);
    if (answer === undefined) return failed(`the model's answer is not {"ok": …}: ${text}`);
    if (answer.ok) return { kind: "exited", exitCode: 0, exitSignal: null, stdout: "", stderr: "" };
    const reason = answer.reason ?? "The prompt hook's condition was not met";
    const output = {
      decision: "block",
      reason,
      ...(continuesOnBlock(request.hook) ? {} : { continue: false, stopReason: reason }),
    };
    const stdout = JSON.stringify(output);
    return { kind: "exited", exitCode: 0, exitSignal: null, stdout, stderr: "" };
  }
}

function continuesOnBlock(hook: PromptHookConfig | AgentHookConfig): boolean {
  return hook.type === "prompt" && hook.continueOnBlock === true;
}

function failed(message: string): CommandHookResult {
  return { kind: "exited", exitCode: 1, exitSignal: null, stdout: "", stderr: message };
}
