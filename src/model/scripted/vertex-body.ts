import { type RequestViolation, violation } from "./violation.js";

/**
 * What Vertex AI checks before the model sees a body: an `anthropic_version`, and no `model`
 * (the model is in the path). `stream` stays in the body, as Vertex reads it there.
 */
export function vertexBodyProblems(body: unknown): RequestViolation[] {
  if (!body || typeof body !== "object" || Array.isArray(body)) {
    return [violation("vertex", "Invalid JSON payload received: expected an object.")];
  }
  const fields = body as Record<string, unknown>;
  const problems: RequestViolation[] = [];
  if (typeof fields.anthropic_version !== "string") {
    problems.push(violation("vertex", "anthropic_version: Field required"));
  }
  if ("model" in fields) {
    problems.push(violation("vertex", "model: Extra inputs are not permitted"));
  }
  return problems;
}

/** A Vertex body as the Messages API body it stands for: the path's model added. */
export function vertexMessagesBody(
  body: Record<string, unknown>,
  modelId: string,
): Record<string, unknown> {
  const { anthropic_version: _version, ...rest } = body;
  return { ...rest, model: modelId };
}
