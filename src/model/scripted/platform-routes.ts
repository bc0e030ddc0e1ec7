import { stableUuid } from "./ids.js";
import { bedrockDialect, type Dialect, messagesDialect, vertexDialect } from "./server-dialect.js";

/** How one request's endpoint speaks, given the ids of its answer. */
export type DialectFor = (requestId: string, seed: string) => Dialect;

/** Bedrock's paths: `/model/<modelId>/invoke` and `/model/<modelId>/invoke-with-response-stream`. */
const BEDROCK_PATH = /^\/model\/([^/]+)\/(invoke|invoke-with-response-stream)$/;

/**
 * Vertex AI's paths (under its `/v1` base): `/projects/<project>/locations/<region>/publishers/
 * anthropic/models/<model>:streamRawPredict` and `:rawPredict`.
 */
const VERTEX_PATH =
  /^(?:\/v1)?\/projects\/[^/]+\/locations\/[^/]+\/publishers\/anthropic\/models\/([^/:]+):(?:streamRawPredict|rawPredict)$/;

/** The Messages API's path, and Microsoft Foundry's (the API under a resource's `/anthropic`). */
const MESSAGES_PATHS = new Set(["/v1/messages", "/anthropic/v1/messages"]);

function bedrockRoute(match: RegExpExecArray): DialectFor {
  const modelId = decodeURIComponent(match[1]!);
  const stream = match[2] === "invoke-with-response-stream";
  return (_requestId, seed) => bedrockDialect(modelId, stream, stableUuid(seed));
}

/**
 * The dialect of a POST to `path`: the Messages API (also at Foundry's path), Bedrock's
 * InvokeModel or Vertex AI's rawPredict; undefined for a path the server does not serve.
 */
export function messagesRoute(path: string): DialectFor | undefined {
  if (MESSAGES_PATHS.has(path)) return messagesDialect;
  const bedrock = BEDROCK_PATH.exec(path);
  if (bedrock) return bedrockRoute(bedrock);
  const vertex = VERTEX_PATH.exec(path);
  if (!vertex) return undefined;
  const modelId = decodeURIComponent(vertex[1]!);
  return (requestId) => vertexDialect(modelId, requestId);
}
