import { z } from "zod";
import type { ToolDefinition } from "../protocol/api.js";

/**
 * A tool definition for the API from a zod input schema. The schema is rendered for input
 * (`io: "input"`), so fields with defaults stay optional, as the model sees them.
 */
export function toolDefinition(
  name: string,
  description: string,
  inputSchema: z.ZodType,
): ToolDefinition {
  const { $schema: _ignored, ...schema } = z.toJSONSchema(inputSchema, { io: "input" }) as Record<
    string,
    unknown
  >;
  if (schema.type !== "object") {
    throw new Error(`tool ${name}: its input schema must describe an object`);
  }
  return { name, description, input_schema: { ...schema, type: "object" } };
}
