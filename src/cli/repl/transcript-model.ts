import { CHARS_PER_TOKEN } from "../../context/tokens.js";
import type { ToolResultBlock } from "../../protocol/content.js";
import type { BlockDelta } from "../../protocol/events.js";
import type { SdkMessage, SdkResult, SdkUserMessage } from "../../session/sdk-messages.js";
import { INTERRUPT_MESSAGE_FOR_TOOL_USE } from "../../tools/tool-errors.js";
import { type DiffLine, diffLines } from "./diff-lines.js";
import { type AgentProgressView, foldAgentProgress } from "./render/agent-progress.js";
import { bashProgressView, type ToolProgressView } from "./render/bash-progress.js";
import { terminalSafe } from "./render/terminal-text.js";
import { toolSummary } from "./tool-summary.js";

/** What a finished tool call showed. */
export interface ToolResultView {
  isError: boolean;
  /** The first lines of the result text (with a "… N more lines" line when cut). */
  lines: string[];
  /** Every line, when `lines` is cut (Ctrl+O shows them). */
  whole?: string[];
  /** Edit and Write: the change as a diff. */
  diff?: DiffLine[];
}

/** A tool call, running (no result yet) or finished. */
export interface ToolItem {
  kind: "tool";
  id: string;
  name: string;
  summary: string;
  /** While it runs: the tail of its output (Bash), from its progress reports. */
  progress?: ToolProgressView;
  /** While an Agent call runs: its subagent's tool calls, tokens and time so far. */
  agent?: AgentProgressView;
  result?: ToolResultView;
}

/** A thinking block: shown collapsed with its length (its text only with --verbose). */
export interface ThinkingItem {
  kind: "thinking";
  id: string;
  /** The thinking text (absent when not known, empty when redacted). */
  text?: string;
  redacted?: boolean;
}

/** One entry of the conversation as the REPL shows it. */
export type TranscriptItem =
  | { kind: "user"; id: string; text: string }
  | { kind: "assistant"; id: string; text: string }
  | ThinkingItem
  | ToolItem
  | { kind: "notice"; id: string; text: string; tone: "info" | "error" }
  /** A turn the person interrupted, with the answer it was streaming then ("" when none). */
  | { kind: "interrupted"; id: string; text: string };

/** The conversation view: finished items, running tool calls, the text being streamed. */
export interface TranscriptView {
  done: readonly TranscriptItem[];
  running: readonly ToolItem[];
  streaming: string;
  /** Output tokens the model produced in the running turn so far (for the spinner). */
  turnTokens: number;
  /** Exact output tokens of the turn's finished responses (from their message_delta). */
  settledTokens?: number;
  /** Characters streamed in the response now arriving (its tokens estimated until it ends). */
  responseChars?: number;
  /** The last turn's result (for /cost). */
  lastResult?: SdkResult;
}

/** An empty conversation view. */
export const EMPTY_VIEW: TranscriptView = { done: [], running: [], streaming: "", turnTokens: 0 };

const RESULT_LINES = 4;

function resultText(block: ToolResultBlock): string {
  if (typeof block.content === "string") return block.content;
  return (block.content ?? [])
    .map((part) => (part.type === "text" ? part.text : `[${part.type}]`))
    .join("\n");
}

/** The first lines of a tool result, as shown under its call. */
export function firstLines(text: string, max = RESULT_LINES): string[] {
  const lines = text.replace(/\s+$/, "").split("\n");
  if (lines.length <= max) return lines;
  return [...lines.slice(0, max), `… +${lines.length - max} lines`];
}

function withResult(view: TranscriptView, message: SdkUserMessage): TranscriptView {
  const content = message.message.content;
  if (typeof content === "string") return view;
  const results = content.filter((b): b is ToolResultBlock => b.type === "tool_result");
  let { done, running } = view;
  for (const block of results) {
    const tool = running.find((t) => t.id === block.tool_use_id);
    if (!tool) continue;
    const diff = results.length === 1 ? diffLines(message.tool_use_result) : undefined;
    const text = resultText(block);
    // An interrupted call's marker is for the model; the turn's "Interrupted" line says it here.
    const lines = text === INTERRUPT_MESSAGE_FOR_TOOL_USE ? [] : firstLines(text);
    const whole = text.replace(/\s+$/, "").split("\n");
    const result: ToolResultView = {
      isError: block.is_error === true,
      lines,
      ...(whole.length > RESULT_LINES ? { whole } : {}),
      ...(diff && block.is_error !== true ? { diff } : {}),
    };
    running = running.filter((t) => t !== tool);
    done = [...done, { ...tool, result }];
  }
  return { ...view, done, running };
}

function withAssistant(
  view: TranscriptView,
  message: Extract<SdkMessage, { type: "assistant" }>,
  cwd: string,
): TranscriptView {
  let { done, running, streaming } = view;
  const content = message.message.content;
  const blocks = typeof content === "string" ? [{ type: "text" as const, text: content }] : content;
  // A failure the loop reports as a message (an API error) is no answer: it shows as an error.
  if (message.error !== undefined) {
    const text = blocks.flatMap((b) => (b.type === "text" ? [b.text] : [])).join("\n");
    return appendItem({ ...view, streaming: "" }, errorNotice(message.uuid, text));
  }
  blocks.forEach((block, index) => {
    const id = `${message.uuid}:${index}`;
    if (block.type === "text") {
      streaming = "";
      if (block.text.trim() !== "") done = [...done, { kind: "assistant", id, text: block.text }];
    } else if (block.type === "thinking") {
      done = [...done, { kind: "thinking", id, text: block.thinking, redacted: false }];
    } else if (block.type === "redacted_thinking") {
      done = [...done, { kind: "thinking", id, text: "", redacted: true }];
    } else if (block.type === "tool_use") {
      const summary = toolSummary(block.name, block.input, cwd);
      running = [...running, { kind: "tool", id: block.id, name: block.name, summary }];
    }
  });
  return { ...view, done, running, streaming };
}

function withStreamEvent(
  view: TranscriptView,
  message: Extract<SdkMessage, { type: "stream_event" }>,
): TranscriptView {
  const event = message.event;
  // A new response (a retry's included): text a failed attempt streamed is not its answer.
  if (event.type === "message_start") return { ...view, streaming: "" };
  if (event.type === "content_block_delta") {
    const streamed = counted(view, deltaChars(event.delta));
    if (event.delta.type !== "text_delta") return streamed;
    return { ...streamed, streaming: streamed.streaming + terminalSafe(event.delta.text) };
  }
  // A response's exact output count arrives with its message_delta and replaces the estimate.
  if (event.type === "message_delta" && event.usage?.output_tokens) {
    const settledTokens = (view.settledTokens ?? 0) + event.usage.output_tokens;
    return { ...view, settledTokens, responseChars: 0, turnTokens: settledTokens };
  }
  return view;
}

function deltaChars(delta: BlockDelta): number {
  switch (delta.type) {
    case "text_delta":
      return delta.text.length;
    case "thinking_delta":
      return delta.thinking.length;
    case "input_json_delta":
      return delta.partial_json.length;
    case "signature_delta":
      return 0;
  }
}

function counted(view: TranscriptView, chars: number): TranscriptView {
  const responseChars = (view.responseChars ?? 0) + chars;
  const estimate = Math.ceil(responseChars / CHARS_PER_TOKEN);
  return { ...view, responseChars, turnTokens: (view.settledTokens ?? 0) + estimate };
}

/** The person ended the turn (Esc, Ctrl+C); budgets and hooks end turns their own way. */
function interruptedByPerson(result: SdkResult): boolean {
  const aborted =
    result.terminal_reason === "aborted_streaming" || result.terminal_reason === "aborted_tools";
  return aborted && result.subtype === "error_during_execution";
}

function resultNotice(result: SdkResult, streaming: string): TranscriptItem | undefined {
  // What was streaming stays on screen, marked as cut short (it is not in the history).
  if (interruptedByPerson(result)) return { kind: "interrupted", id: result.uuid, text: streaming };
  if (!result.is_error) return undefined;
  // A failed request ends the turn "completed"; its error message already said what failed.
  if (result.subtype === "success" && result.result) return undefined;
  const why = result.errors?.length ? result.errors.join("; ") : result.terminal_reason;
  return errorNotice(result.uuid, `Turn ended: ${why}`);
}

/** " (529)", " (rate_limit)", or nothing when the failure has no status and no known kind. */
function retryReason(message: Extract<SdkMessage, { subtype: "api_retry" }>): string {
  const reason = message.error_status ?? (message.error === "unknown" ? undefined : message.error);
  return reason === undefined ? "" : ` (${reason})`;
}

function errorNotice(id: string, text: string): TranscriptItem {
  return { kind: "notice", id, text, tone: "error" };
}

function withResultMessage(view: TranscriptView, result: SdkResult): TranscriptView {
  // Calls without a result were cut short (an interrupt): they stay in the transcript as such.
  const stopped = view.running.map((tool) => ({
    ...tool,
    result: { isError: true, lines: ["Interrupted"] },
  }));
  const notice = resultNotice(result, view.streaming);
  return {
    done: [...view.done, ...stopped, ...(notice ? [notice] : [])],
    running: [],
    streaming: "",
    turnTokens: 0,
    lastResult: result,
  };
}

/** Folds one SDK message of a turn into the conversation view. */
export function applySdkMessage(
  view: TranscriptView,
  message: SdkMessage,
  cwd: string,
): TranscriptView {
  // A subagent's own messages stay inside its Agent call (the call shows its final result).
  if ("parent_tool_use_id" in message && message.parent_tool_use_id !== null) return view;
  switch (message.type) {
    case "stream_event":
      return withStreamEvent(view, message);
    case "assistant":
      return withAssistant(view, message, cwd);
    case "user":
      return withResult(view, message);
    case "result":
      return withResultMessage(view, message);
    case "system":
      if (message.subtype !== "api_retry") return view;
      return appendItem(view, {
        kind: "notice",
        id: message.uuid,
        text: `Request failed${retryReason(message)}; retrying (attempt ${message.attempt}/${message.max_retries})`,
        tone: "info",
      });
    default:
      return view;
  }
}

/**
 * Folds a running tool's progress report into its call: Bash's is the tail of its output, an
 * Agent call's is its subagent's next message (`cwd` words the subagent's tool calls).
 */
export function applyProgress(
  view: TranscriptView,
  toolUseId: string,
  data: unknown,
  cwd = "",
): TranscriptView {
  const tool = view.running.find((candidate) => candidate.id === toolUseId);
  if (!tool) return view;
  const progress = bashProgressView(data);
  const agent = progress ? undefined : foldAgentProgress(tool.agent, data, cwd);
  if (!progress && !agent) return view;
  const update: ToolItem = progress ? { ...tool, progress } : { ...tool, agent };
  const running = view.running.map((candidate) =>
    candidate.id === toolUseId ? update : candidate,
  );
  return { ...view, running };
}

/** Adds a finished item (a prompt, a notice) to the conversation view. */
export function appendItem(view: TranscriptView, item: TranscriptItem): TranscriptView {
  return { ...view, done: [...view.done, item] };
}
