import { bedrockBodyProblems, messagesBodyOf } from "./bedrock-body.js";
import { bedrockFailure, bedrockWire } from "./bedrock-wire.js";
import type { HttpFailure } from "./http-errors.js";
import { type StreamWire, sseWire } from "./server-write.js";
import { vertexBodyProblems, vertexMessagesBody } from "./vertex-body.js";
import type { RequestViolation } from "./violation.js";

/**
 * How one endpoint reads a request and writes its answer: the Messages API's own, or
 * Bedrock's stand-in, which carries the same events in its own envelope.
 */
export interface Dialect {
  /** The body as a Messages API body, and what the endpoint refuses before the model's rules. */
  prepare(json: unknown): { body: unknown; problems: RequestViolation[] };
  /** Whether the answer streams. */
  streaming(body: unknown): boolean;
  /** An error response in the endpoint's shape. */
  failure(failure: HttpFailure): HttpFailure;
  wire: StreamWire;
  /** Headers of a 200 JSON answer. */
  jsonHeaders: Record<string, string>;
}

/** `POST /v1/messages`: the body is the Messages request; `stream: true` streams. */
export function messagesDialect(requestId: string): Dialect {
  return {
    prepare: (json) => ({ body: json, problems: [] }),
    streaming: (body) => (body as Record<string, unknown> | null)?.stream === true,
    failure: (failure) => failure,
    wire: sseWire(requestId),
    jsonHeaders: { "request-id": requestId },
  };
}

/**
 * Bedrock's `POST /model/<modelId>/invoke[-with-response-stream]`: the model comes from the
 * path, the operation says whether the answer streams, errors come in Bedrock's shape.
 */
export function bedrockDialect(modelId: string, stream: boolean, amznRequestId: string): Dialect {
  return {
    prepare: (json) => {
      const problems = bedrockBodyProblems(json);
      if (problems.length > 0) return { body: json, problems };
      return { body: messagesBodyOf(json as Record<string, unknown>, modelId, stream), problems };
    },
    streaming: () => stream,
    failure: (failure) => bedrockFailure(failure, amznRequestId),
    wire: bedrockWire(amznRequestId),
    jsonHeaders: { "x-amzn-requestid": amznRequestId },
  };
}

/**
 * Vertex AI's `POST …/publishers/anthropic/models/<model>:streamRawPredict` (or `:rawPredict`):
 * the model comes from the path, `anthropic_version` is in the body, and the answer is the
 * Messages API's own (server-sent events when the body asks to stream).
 */
export function vertexDialect(modelId: string, requestId: string): Dialect {
  const messages = messagesDialect(requestId);
  return {
    ...messages,
    prepare: (json) => {
      const problems = vertexBodyProblems(json);
      if (problems.length > 0) return { body: json, problems };
      return { body: vertexMessagesBody(json as Record<string, unknown>, modelId), problems };
    },
  };
}
