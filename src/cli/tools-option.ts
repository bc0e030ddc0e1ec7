import type { AnyTool } from "../tools/tool.js";
import { UsageError } from "./usage-error.js";

/**
 * The built-in tools `--tools` leaves (Claude Code's flag): absent or "default" keeps them
 * all, "" keeps none, otherwise the named ones (names or aliases, comma- or space-separated).
 * An unknown name is a usage error listing the tools there are.
 */
export function selectTools(tools: readonly AnyTool[], value: string | undefined): AnyTool[] {
  if (value === undefined || value.trim() === "default") return [...tools];
  const names = value.split(/[,\s]+/).filter((name) => name !== "");
  const known = (name: string) =>
    tools.find((tool) => tool.name === name || tool.aliases?.includes(name));
  const unknown = names.filter((name) => !known(name));
  if (unknown.length > 0) {
    throw new UsageError(
      `--tools names ${unknown.join(", ")}, which keel does not have; its tools are ${tools.map((t) => t.name).join(", ")}`,
    );
  }
  return tools.filter((tool) => names.some((name) => known(name) === tool));
}
