import { type RequestViolation, violation } from "./violation.js";

/** The `anthropic_version` Bedrock's Anthropic models take. */
export const BEDROCK_ANTHROPIC_VERSION = "bedrock-2023-05-31";

/** Body keys Bedrock refuses: the model is in the path, streaming is the operation. */
const PATH_ONLY_KEYS = ["model", "stream"] as const;

function malformedInput(detail: string): RequestViolation {
  return violation(
    "bedrock",
    `Malformed input request: #: ${detail}, please reformat your input and try again.`,
  );
}

/**
 * What Bedrock checks before the model sees a body: its `anthropic_version`, and no `model` or
 * `stream` keys (the model id is in the path; streaming is the operation called).
 */
export function bedrockBodyProblems(body: unknown): RequestViolation[] {
  if (!body || typeof body !== "object" || Array.isArray(body)) {
    return [malformedInput("expected type: JSONObject")];
  }
  const fields = body as Record<string, unknown>;
  const problems: RequestViolation[] = [];
  if (typeof fields.anthropic_version !== "string") {
    problems.push(malformedInput("required key [anthropic_version] not found"));
  } else if (fields.anthropic_version !== BEDROCK_ANTHROPIC_VERSION) {
    // Bedrock takes only its own version; the first-party header's date is refused.
    problems.push(
      malformedInput(`anthropic_version: ${fields.anthropic_version} is not supported`),
    );
  }
  for (const key of PATH_ONLY_KEYS) {
    if (key in fields) problems.push(malformedInput(`extraneous key [${key}] is not permitted`));
  }
  return problems;
}

/** A Bedrock body as the Messages API body it stands for: the path's model, and streaming or not. */
export function messagesBodyOf(
  body: Record<string, unknown>,
  modelId: string,
  stream: boolean,
): Record<string, unknown> {
  const { anthropic_version: _version, ...rest } = body;
  return { ...rest, model: modelId, stream };
}
