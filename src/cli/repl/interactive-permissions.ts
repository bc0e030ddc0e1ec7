import type { PermissionEngine } from "../../policy/engine.js";
import { decideCall, settledResult } from "../../policy/settled.js";
import type { CanUseTool, PermissionResult } from "../../tools/context.js";
import { toolSummary } from "./tool-summary.js";

/** A question for the person: may this call run? */
export interface PermissionQuestion {
  toolName: string;
  /** The call in one line (`Bash(npm test)`). */
  summary: string;
  /** Why the engine asks. */
  message: string;
  /** The narrow allow rules "always allow" would add (narrowest first). */
  rules: string[];
}

/** The person's answer to a permission question. */
export type PermissionAnswer =
  | { kind: "allow-once" }
  | { kind: "always-allow"; rules: string[] }
  /** An empty feedback means a plain rejection: the turn ends. */
  | { kind: "deny"; feedback: string };

/** Asks the person; the signal aborts when the turn ends before they answer. */
export type AskPerson = (
  question: PermissionQuestion,
  signal: AbortSignal,
) => Promise<PermissionAnswer>;

/** What the model reads when the person rejected a call without saying why. */
export const REJECTED_MESSAGE =
  "The user rejected this tool call, so it did not run (nothing was changed). Stop and wait for the user to say how to go on.";

/** What the model reads when the person rejected a call and said why. */
export function rejectedWithFeedback(feedback: string): string {
  return `The user rejected this tool call, so it did not run (nothing was changed). The user said: ${feedback}`;
}

/** Turns the person's answer into the loop's permission result. */
export function answerToResult(
  answer: PermissionAnswer,
  engine: Pick<PermissionEngine, "addSessionRules">,
): PermissionResult {
  switch (answer.kind) {
    case "allow-once":
      return { behavior: "allow" };
    case "always-allow":
      // The rules are the engine's own suggestions, so they parse.
      engine.addSessionRules(answer.rules);
      return { behavior: "allow" };
    case "deny": {
      const feedback = answer.feedback.trim();
      if (feedback === "") return { behavior: "deny", message: REJECTED_MESSAGE, interrupt: true };
      return { behavior: "deny", message: rejectedWithFeedback(feedback) };
    }
  }
}

/**
 * canUseTool for the REPL: the engine decides, and when it would ask, the person answers
 * (contracts.md §6: a rejection without feedback ends the turn; with feedback the model goes on).
 */
export function createInteractiveCanUseTool(
  engine: PermissionEngine,
  ask: AskPerson,
  cwd: string,
): CanUseTool {
  return async (tool, input, context, _assistant, _toolUseId, hookVerdict) => {
    const decision = await decideCall(engine, tool, input, context, hookVerdict);
    if (decision.behavior !== "ask") return settledResult(decision);
    const question: PermissionQuestion = {
      toolName: tool.name,
      summary: toolSummary(tool.name, input, cwd),
      message: decision.message,
      rules: decision.suggestions.rules,
    };
    const answer = await ask(question, context.abortController.signal);
    return answerToResult(answer, engine);
  };
}
