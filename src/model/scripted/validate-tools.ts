import { TOOL_NAME } from "./scenario-schema.js";
import { type RequestViolation, violation } from "./violation.js";

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Server tools (web search, code execution, …) carry a versioned `type` and no schema. */
function isServerTool(tool: Record<string, unknown>): boolean {
  return typeof tool.type === "string" && tool.type !== "custom";
}

function schemaProblems(schema: unknown, where: string): RequestViolation[] {
  if (schema === undefined) return [violation("tool_schema", `${where}: Field required`)];
  if (!isRecord(schema)) {
    return [violation("tool_schema", `${where}: Input should be a valid dictionary`)];
  }
  const out: RequestViolation[] = [];
  if (schema.type !== "object") {
    out.push(violation("tool_schema", `${where}.type: Input should be 'object'`));
  }
  if (schema.properties !== undefined && !isRecord(schema.properties)) {
    out.push(
      violation(
        "tool_schema",
        `${where}.properties: JSON schema is invalid (properties must be an object)`,
      ),
    );
  }
  const required = schema.required;
  if (
    required !== undefined &&
    !(Array.isArray(required) && required.every((r) => typeof r === "string"))
  ) {
    out.push(
      violation(
        "tool_schema",
        `${where}.required: JSON schema is invalid (required must be an array of strings)`,
      ),
    );
  }
  return out;
}

function nameProblem(name: unknown, where: string): RequestViolation | undefined {
  if (name === undefined) return violation("tool_name", `${where}: Field required`);
  if (typeof name !== "string" || !TOOL_NAME.test(name)) {
    return violation("tool_name", `${where}: String should match pattern '${TOOL_NAME.source}'`);
  }
  return undefined;
}

/** Tool definitions: valid, unique names, and an object JSON Schema for each custom tool. */
export function checkTools(tools: ReadonlyArray<Record<string, unknown>>): RequestViolation[] {
  const out: RequestViolation[] = [];
  const names = new Set<string>();
  let duplicate = false;
  tools.forEach((tool, i) => {
    if (typeof tool.name === "string") {
      duplicate ||= names.has(tool.name);
      names.add(tool.name);
    }
    if (isServerTool(tool)) return;
    const name = nameProblem(tool.name, `tools.${i}.name`);
    if (name) out.push(name);
    out.push(...schemaProblems(tool.input_schema, `tools.${i}.input_schema`));
  });
  if (duplicate) out.push(violation("tool_name", "tools: Tool names must be unique."));
  return out;
}
