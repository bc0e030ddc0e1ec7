import { z } from "zod";
import { UsageError } from "./usage-error.js";

/**
 * The --json-schema value: a JSON object that describes an object (the StructuredOutput
 * tool's input). Bad JSON, a non-object or a schema zod cannot read is a usage error.
 */
export function parseJsonSchema(text: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`--json-schema is not valid JSON: ${(error as Error).message}`);
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new UsageError("--json-schema must be a JSON object (a JSON schema)");
  }
  const schema = value as Record<string, unknown>;
  if (schema.type !== "object") {
    throw new UsageError('--json-schema must describe an object ("type": "object")');
  }
  try {
    z.fromJSONSchema(schema as z.core.JSONSchema.JSONSchema);
  } catch (error) {
    throw new UsageError(`--json-schema cannot be used: ${(error as Error).message}`);
  }
  return schema;
}
