import { estimateInputTokens } from "./estimate.js";
import {
  cutAtMaxTokens,
  DEFAULT_STREAM_ERROR,
  renderFaultedEvents,
  type StreamPlan,
} from "./faults.js";
import {
  apiErrorBody,
  errorHeaders,
  type HttpFailure,
  httpFailure,
  invalidRequest,
  statusForErrorType,
} from "./http-errors.js";
import type { Pacing } from "./pacing.js";
import { renderEvents, renderMessage, type WireMessage } from "./render.js";
import { factsFromBody, type RequestLabels } from "./request-body.js";
import {
  markServed,
  type ReplayState,
  type Resolution,
  resolveRequest,
  scriptFor,
} from "./turns.js";

/**
 * One request to answer, with the ids its response will carry; its labels are the
 * `x-keel-request-kind` and `x-keel-agent` headers (or the ModelRequest's kind and agent).
 */
export interface IncomingRequest extends RequestLabels {
  body: unknown;
  requestId: string;
  messageId: string;
}

/** What a non-streaming request gets. */
export type NonStreamingAnswer =
  | { type: "message"; message: WireMessage }
  | { type: "failure"; failure: HttpFailure }
  | { type: "disconnect" }
  /** A 200 whose body is cut short: not JSON (a `malformed` fault). */
  | { type: "malformed" };

/**
 * How a request is answered; the HTTP server and the in-process provider both follow it.
 * `latencyMs` is the pause before anything is sent (the script's `latencyMs`).
 */
export type Answer =
  | { type: "failure"; failure: HttpFailure; resolution: Resolution; latencyMs: number }
  | {
      type: "respond";
      resolution: Resolution;
      latencyMs: number;
      /** Pause before the first byte (a `stall` fault). */
      stallMs: number;
      pacing: Pacing;
      /** Call when the response starts (after the stall): count mode moves on. */
      begin(): void;
      stream(): StreamPlan;
      message(): NonStreamingAnswer;
    };

function nonStreaming(
  resolution: Exclude<Resolution, { type: "past_end" }>,
  render: (cut?: number) => WireMessage,
  requestId: string,
): NonStreamingAnswer {
  const fault = resolution.fault;
  if (fault?.type === "disconnect") return { type: "disconnect" };
  if (fault?.type === "malformed") return { type: "malformed" };
  if (fault?.type === "max_tokens") return { type: "message", message: render(fault.afterBlocks) };
  if (fault?.type === "error_event") {
    // An error that would arrive mid-stream arrives as its HTTP status when nothing streams.
    const error = fault.error ?? DEFAULT_STREAM_ERROR;
    const status = statusForErrorType(error.type);
    const body = apiErrorBody(error.type, error.message, requestId);
    return { type: "failure", failure: { status, headers: errorHeaders(status, requestId), body } };
  }
  return { type: "message", message: render() };
}

/**
 * Decides the answer to one (already validated) request: a side rule's or a turn's response,
 * shaped by the turn's fault for this attempt, or an error (an `http_error` fault, a request
 * past the last turn).
 */
export function answerRequest(replay: ReplayState, request: IncomingRequest): Answer {
  const facts = factsFromBody(request.body, request);
  const { script, state } = scriptFor(replay, facts.agent);
  const resolution = resolveRequest(replay.scenario.name, script, state, facts);
  const latencyMs = state.nextLatency();
  if (resolution.type === "past_end") {
    const failure = invalidRequest(resolution.message, request.requestId);
    return { type: "failure", failure, resolution, latencyMs };
  }
  const fault = resolution.fault;
  if (fault?.type === "http_error") {
    return {
      type: "failure",
      failure: httpFailure(fault, request.requestId),
      resolution,
      latencyMs,
    };
  }
  const fields = (request.body ?? {}) as Record<string, unknown>;
  const context = {
    messageId: request.messageId,
    model: typeof fields.model === "string" ? fields.model : "scripted",
    inputTokens: estimateInputTokens(request.body),
  };
  const response = resolution.response;
  const plan = (): StreamPlan =>
    fault && fault.type !== "stall"
      ? renderFaultedEvents(response, context, fault, request.requestId)
      : { events: renderEvents(response, context), ending: "end" };
  const render = (cut?: number) =>
    renderMessage(cut === undefined ? response : cutAtMaxTokens(response, cut).response, context);
  return {
    type: "respond",
    resolution,
    latencyMs,
    stallMs: fault?.type === "stall" ? fault.ms : 0,
    pacing: { chunkDelayMs: response.chunkDelayMs, deltaDelayMs: response.deltaDelayMs },
    begin: () => markServed(state, resolution),
    stream: plan,
    message: () => nonStreaming(resolution, render, request.requestId),
  };
}
