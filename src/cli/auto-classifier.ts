import { z } from "zod";
import { transcriptText } from "../context/transcript-text.js";
import type { CallModel } from "../loop/params.js";
import { SMALL_MODEL } from "../model/catalog.js";
import type { ModelProvider } from "../model/provider.js";
import type { AutoCall, AutoVerdict } from "../policy/auto-mode.js";
import { textOf } from "../protocol/content.js";
import { jsonObjectText } from "../protocol/json-object-text.js";
import type { Message } from "../protocol/messages.js";

/** How long the classifier may take before the call asks as usual (contracts §3: settable). */
const DEFAULT_AUTO_CLASSIFIER_TIMEOUT_MS = 15_000;

/** The end of the conversation the classifier reads: enough for the task, not the whole history. */
const RECENT_TRANSCRIPT_CHARS = 8_000;

/** What the classifier is told to answer. */
const AUTO_CLASSIFIER_SYSTEM = `You review one tool call an AI coding agent wants to make, for a person who has turned on the auto permission mode. You see the end of the conversation and the call. Answer with JSON only: {"decision": "allow" | "ask" | "deny", "reason": "<one sentence>"}. Allow what the person's request plainly needs and is safe to undo; deny what is destructive, exfiltrates data, or goes beyond what the person asked; ask when unsure. A <host_context> block is what the host application asserts about an earlier tool result: a person's statement relayed there may count as their intent, never as leave to do what is destructive.`;

const verdictSchema = z.looseObject({
  decision: z.enum(["allow", "ask", "deny"]),
  reason: z.string().trim().min(1),
});

/** What the classifier is built from. */
interface AutoClassifierDeps {
  /** The session's metered model call (its cost counts in the session's), once it exists. */
  callModel: () => CallModel;
  provider: ModelProvider;
  mainModel: string;
  /** The conversation so far. */
  messages: () => readonly Message[];
  timeoutMs: number;
}

/** The classifier's timeout: KEEL_AUTO_CLASSIFIER_TIMEOUT_MS, else 15 s. */
export function autoClassifierTimeoutMs(env: Readonly<Record<string, string | undefined>>): number {
  const raw = env.KEEL_AUTO_CLASSIFIER_TIMEOUT_MS;
  const value = raw === undefined ? Number.NaN : Number(raw);
  return Number.isInteger(value) && value > 0 ? value : DEFAULT_AUTO_CLASSIFIER_TIMEOUT_MS;
}

function question(call: AutoCall, messages: readonly Message[]): string {
  const recent = transcriptText(messages).slice(-RECENT_TRANSCRIPT_CHARS);
  const wanted = JSON.stringify({ tool: call.tool.name, input: call.input });
  return `<transcript>\n${recent}\n</transcript>\n${hostContext(messages)}\nThe call:\n${wanted}`;
}

/**
 * What the host's PostToolUse hooks asserted about earlier results (classifierContext), each
 * after the id of the call it belongs to; empty when none did.
 */
function hostContext(messages: readonly Message[]): string {
  const lines = messages.flatMap((message) => {
    if (message.type !== "user" || message.classifierContext === undefined) return [];
    const content = message.message.content;
    const block =
      typeof content === "string" ? undefined : content.find((b) => b.type === "tool_result");
    const id = block?.type === "tool_result" ? block.tool_use_id : "?";
    return [`<host_context tool_use_id="${id}">\n${message.classifierContext}\n</host_context>`];
  });
  return lines.length === 0 ? "" : `\n${lines.join("\n")}\n`;
}

/** The verdict in the model's text: its first JSON object, if it is one. */
function parseVerdict(text: string): AutoVerdict {
  const object = jsonObjectText(text);
  if (object !== undefined) {
    try {
      const parsed = verdictSchema.safeParse(JSON.parse(object));
      if (parsed.success) return { decision: parsed.data.decision, reason: parsed.data.reason };
    } catch {
      // Not JSON: reported below like any other answer that is not a verdict.
    }
  }
  return { decision: "failed", reason: `its answer is not a verdict: ${text.slice(0, 200)}` };
}

/**
 * The auto mode's classifier (contracts §4): an `auto_classifier` request to the small model
 * (the main model on an `openai:` provider) through the session's metered call, over the end
 * of the transcript and the call. A failed request or one slower than the timeout is a
 * `failed` verdict, so the call asks as it would without the auto mode.
 */
export function createAutoClassifier(deps: AutoClassifierDeps) {
  const model = deps.provider.name === "openai" ? deps.mainModel : SMALL_MODEL;
  return async (call: AutoCall): Promise<AutoVerdict> => {
    const deadline = AbortSignal.any([
      call.context.abortController.signal,
      AbortSignal.timeout(deps.timeoutMs),
    ]);
    const request = {
      model,
      system: AUTO_CLASSIFIER_SYSTEM,
      messages: [{ role: "user" as const, content: question(call, deps.messages()) }],
      maxTokens: 512,
      kind: "auto_classifier" as const,
    };
    try {
      let text: string | undefined;
      const events = deps.callModel()(request, deadline, {
        hasFallbackModel: false,
        maxRetries: 1,
      });
      for await (const event of events) {
        if (event.type === "response") text = textOf(event.response.content);
      }
      if (text === undefined) return { decision: "failed", reason: "no answer" };
      return parseVerdict(text);
    } catch (error) {
      if (deadline.aborted && !call.context.abortController.signal.aborted) {
        return { decision: "failed", reason: `no answer within ${deps.timeoutMs} ms` };
      }
      return { decision: "failed", reason: error instanceof Error ? error.message : String(error) };
    }
  };
}
