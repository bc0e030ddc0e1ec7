import type { AnyTool } from "../tools/tool.js";
import { canonicalToolName } from "./rule-syntax.js";

/** The names a tool answers to for rules: its name and aliases, legacy names mapped to today's. */
export function toolRuleNames(tool: AnyTool): string[] {
  const names = [tool.name, ...(tool.aliases ?? []), ...(tool.ruleNamesAlso ?? [])];
  return [...new Set(names.map(canonicalToolName))];
}

/**
 * True when a rule's tool name covers a tool: the same name, or an MCP server rule
 * (`mcp__server`, `mcp__server__*`) covering every tool of that server.
 */
export function ruleNameCovers(ruleToolName: string, toolNames: readonly string[]): boolean {
  if (toolNames.includes(ruleToolName)) return true;
  const server = mcpServerOfRule(ruleToolName);
  return server !== undefined && toolNames.some((name) => name.startsWith(`mcp__${server}__`));
}

function mcpServerOfRule(name: string): string | undefined {
  const match = /^mcp__(.+?)(?:__\*)?$/.exec(name);
  if (!match?.[1]) return undefined;
  const server = match[1];
  // `mcp__server__tool` names one tool, not a server.
  return name.endsWith("__*") || !server.includes("__") ? server : undefined;
}
