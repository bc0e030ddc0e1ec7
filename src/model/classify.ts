import { ModelError, type ModelErrorInfo } from "./errors.js";

/** Reads one response header, whatever the header container is. */
export type HeaderLookup = (name: string) => string | null | undefined;

/** What a failed HTTP response (or an in-stream error event) tells us. */
export interface FailedResponse {
  status?: number;
  /** The parsed JSON body (or its text when it was not JSON). */
  body?: unknown;
  header?: HeaderLookup;
  /** Used when the body carries no message. */
  fallbackMessage?: string;
  requestId?: string;
}

interface ErrorEnvelope {
  type?: string;
  message?: string;
  code?: string;
}

function envelopeOf(body: unknown): ErrorEnvelope {
  if (typeof body === "string") return { message: body };
  if (!body || typeof body !== "object") return {};
  const record = body as Record<string, unknown>;
  const inner = record.error;
  const source = inner && typeof inner === "object" ? (inner as Record<string, unknown>) : record;
  const str = (v: unknown) => (typeof v === "string" ? v : undefined);
  return { type: str(source.type), message: str(source.message), code: str(source.code) };
}

const PROMPT_TOO_LONG = /prompt is too long: (\d+) tokens > (\d+) maximum/i;
const OVERFLOW = /input length and `?max_tokens`? exceed context limit: (\d+) \+ (\d+) > (\d+)/i;
/** vLLM: "maximum context length is N tokens. However, your request has M input tokens". */
const VLLM_CONTEXT =
  /maximum context length is (\d+) tokens\. However, you requested (\d+) tokens|maximum context length is (\d+) tokens\. However, your (?:request|messages) (?:has|resulted in) (\d+)/i;
/** llama.cpp server: "request (M tokens) exceeds the available context size (N tokens)". */
const LLAMACPP_CONTEXT =
  /request \((\d+) tokens\) exceeds the available context size \((\d+) tokens\)/i;
/**
 * vLLM when input + max_tokens overflow the window: "'max_tokens' or 'max_completion_tokens' is
 * too large: M. This model's maximum context length is N tokens and your request has I input
 * tokens", or (older) "…However, you requested T tokens (I in the messages, M in the completion)".
 */
const VLLM_OUTPUT_BUDGET =
  /is too large: (\d+)\. This model's maximum context length is (\d+) tokens and your request has (\d+) input tokens/i;
const VLLM_REQUESTED =
  /maximum context length is (\d+) tokens\. However, you requested \d+ tokens \((\d+) in the messages, (\d+) in the completion\)/i;
const MEDIA =
  /(image|media|pdf|document)[^.]*(exceeds|too large|too many|could not (?:be )?process|invalid|dimensions)|could not process image|too many (images|media|pdf pages)/i;

function int(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const n = Number.parseInt(text, 10);
  return Number.isFinite(n) ? n : undefined;
}

/** Milliseconds the server asked us to wait: retry-after-ms, else retry-after (seconds or a date). */
export function retryAfterMs(
  header: HeaderLookup | undefined,
  now = Date.now(),
): number | undefined {
  if (!header) return undefined;
  const ms = header("retry-after-ms");
  if (ms) {
    const value = Number.parseFloat(ms);
    if (Number.isFinite(value) && value >= 0) return value;
  }
  const after = header("retry-after");
  if (!after) return undefined;
  const seconds = Number.parseFloat(after);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(after);
  return Number.isFinite(date) ? Math.max(0, date - now) : undefined;
}

/** An input + max_tokens overflow: lowering max_tokens helps unless the input alone fills the window. */
function outputBudgetInfo(message: string): ModelErrorInfo | undefined {
  const budget = VLLM_OUTPUT_BUDGET.exec(message);
  const requested = budget ? undefined : VLLM_REQUESTED.exec(message);
  const numbers = budget
    ? { maxTokens: int(budget[1]), limit: int(budget[2]), input: int(budget[3]) }
    : requested
      ? { limit: int(requested[1]), input: int(requested[2]), maxTokens: int(requested[3]) }
      : undefined;
  if (!numbers) return undefined;
  const { maxTokens = 0, limit = 0, input = 0 } = numbers;
  if (input >= limit) return { kind: "prompt_too_long", actualTokens: input, limitTokens: limit };
  return { kind: "max_output_tokens", inputTokens: input, maxTokens, limitTokens: limit };
}

function contextInfo(message: string, code: string | undefined): ModelErrorInfo | undefined {
  const ptl = PROMPT_TOO_LONG.exec(message);
  if (ptl) return { kind: "prompt_too_long", actualTokens: int(ptl[1]), limitTokens: int(ptl[2]) };
  const overflow = OVERFLOW.exec(message);
  if (overflow) {
    return {
      kind: "max_output_tokens",
      inputTokens: int(overflow[1]) ?? 0,
      maxTokens: int(overflow[2]) ?? 0,
      limitTokens: int(overflow[3]) ?? 0,
    };
  }
  const budget = outputBudgetInfo(message);
  if (budget) return budget;
  const vllm = VLLM_CONTEXT.exec(message);
  if (vllm) {
    const limit = int(vllm[1] ?? vllm[3]);
    const actual = int(vllm[2] ?? vllm[4]);
    return { kind: "prompt_too_long", actualTokens: actual, limitTokens: limit };
  }
  const llama = LLAMACPP_CONTEXT.exec(message);
  if (llama) {
    return { kind: "prompt_too_long", actualTokens: int(llama[1]), limitTokens: int(llama[2]) };
  }
  if (code === "context_length_exceeded" || /context[_ ]length[_ ]exceeded/i.test(message)) {
    return { kind: "prompt_too_long" };
  }
  if (code === "exceed_context_size_error") return { kind: "prompt_too_long" };
  return undefined;
}

function infoFor(status: number | undefined, envelope: ErrorEnvelope): ModelErrorInfo {
  const message = envelope.message ?? "";
  const type = envelope.type;
  const context = contextInfo(message, envelope.code ?? type);
  if (context) return context;
  if (type === "overloaded_error" || status === 529) return { kind: "overloaded" };
  if (status === 413 || type === "request_too_large") return { kind: "request_too_large" };
  // OpenAI answers 429 for an exhausted quota too; waiting does not help there.
  if (type === "insufficient_quota" || envelope.code === "insufficient_quota") {
    return { kind: "billing" };
  }
  if (type === "rate_limit_error" || status === 429) return { kind: "rate_limit" };
  if (type === "authentication_error" || status === 401) return { kind: "auth" };
  if (type === "permission_error" || status === 403) return { kind: "permission" };
  if (type === "billing_error" || status === 402) return { kind: "billing" };
  if (type === "not_found_error" || status === 404) return { kind: "not_found" };
  if (type === "timeout_error" || status === 504 || status === 408) return { kind: "timeout" };
  if (MEDIA.test(message)) return { kind: "media" };
  // OpenAI-compatible servers name a failure mid-stream `server_error`, with no status.
  if (type === "api_error" || type === "server_error" || (status !== undefined && status >= 500)) {
    return { kind: "server" };
  }
  if (type === "invalid_request_error" || status === 400 || status === 422) {
    return { kind: "invalid_request" };
  }
  return { kind: "other" };
}

/**
 * Classifies a failed response or an error event into a typed `ModelError`. This is the only
 * place that reads error text; everything above the model layer acts on `info.kind`.
 */
export function classifyFailure(failure: FailedResponse): ModelError {
  const envelope = envelopeOf(failure.body);
  const info = infoFor(failure.status, envelope);
  const shouldRetry = failure.header?.("x-should-retry");
  const requestId =
    failure.requestId ??
    failure.header?.("request-id") ??
    (failure.body && typeof failure.body === "object"
      ? ((failure.body as Record<string, unknown>).request_id as string | undefined)
      : undefined) ??
    undefined;
  const detail = envelope.message ?? failure.fallbackMessage ?? "request failed";
  const prefix = failure.status ? `${failure.status} ` : "";
  return new ModelError(info, `${prefix}${envelope.type ? `${envelope.type}: ` : ""}${detail}`, {
    status: failure.status,
    requestId: requestId ?? undefined,
    retryAfterMs: retryAfterMs(failure.header),
    shouldRetryHeader: shouldRetry === "true" ? true : shouldRetry === "false" ? false : undefined,
  });
}
