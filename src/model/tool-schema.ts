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

/** A tool's API definition: its own JSON schema when it has one, else its zod schema rendered. */
export function toolDefinitionOf(tool: {
  name: string;
  description: string;
  inputSchema: z.ZodType;
  inputJSONSchema?: Readonly<Record<string, unknown>>;
}): ToolDefinition {
  if (!tool.inputJSONSchema) return toolDefinition(tool.name, tool.description, tool.inputSchema);
  const { $schema: _ignored, ...schema } = tool.inputJSONSchema;
  return {
    name: tool.name,
    description: tool.description,
    input_schema: { ...schema, type: "object" },
  };
}
