/**
 * Bedrock's model ids: an optional inference-profile prefix (`us.`, `eu.`, `apac.`, `global.`…),
 * `anthropic.`, the model with an optional date, and a version (`-v1:0`); an inference
 * profile's ARN ends in one.
 */
const BEDROCK_ID = /^(?:[a-z-]+\.)?anthropic\.(claude-[a-z0-9.-]+?)(?:-\d{8})?-v\d+(?::\d+)?$/;

/** Vertex AI's model ids: the model, `@` and a date (`claude-haiku-4-5@20251001`). */
const VERTEX_ID = /^(claude-[a-z0-9.-]+)@\d{8}$/;

/**
 * The Anthropic model id a cloud platform's id stands for (`us.anthropic.claude-sonnet-5-v1:0`
 * → `claude-sonnet-5`), for the price catalog; any other id unchanged. Foundry deploys models
 * under their Anthropic ids.
 */
export function anthropicModelIdOf(id: string): string {
  const last = id.startsWith("arn:") ? (id.split("/").pop() ?? id) : id;
  const match = BEDROCK_ID.exec(last) ?? VERTEX_ID.exec(last);
  return match ? match[1]! : id;
}
