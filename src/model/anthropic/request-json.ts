import type { ToolDefinition } from "../../protocol/api.js";
import type { MessagesRequestBody } from "./request-body.js";

/** Turns a request body into the JSON text sent. */
export type RequestEncoder = (body: MessagesRequestBody) => string;

function sameItems<T>(a: readonly T[], b: readonly T[]): boolean {
  return a.length === b.length && a.every((item, i) => item === b[i]);
}

/**
 * A request body's JSON, exactly as JSON.stringify writes it, with the tools' part kept from
 * the request before while the tool definitions are the same objects (they are rendered once
 * per tool and never changed). The tools are most of a short session's request (16 of 22 KB
 * in a Bash-only turn), and each request would otherwise encode them again.
 */
export function createRequestEncoder(): RequestEncoder {
  let tools: readonly ToolDefinition[] = [];
  let toolsJson = "[]";
  const encodeTools = (current: readonly ToolDefinition[]): string => {
    if (!sameItems(current, tools)) {
      tools = [...current];
      toolsJson = JSON.stringify(current);
    }
    return toolsJson;
  };
  return (body) => {
    const fields: string[] = [];
    for (const [key, value] of Object.entries(body)) {
      if (value === undefined) continue;
      const json = key === "tools" ? encodeTools(value as ToolDefinition[]) : JSON.stringify(value);
      fields.push(`${JSON.stringify(key)}:${json}`);
    }
    return `{${fields.join(",")}}`;
  };
}
