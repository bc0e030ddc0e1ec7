import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import type { AgentDefinition } from "../config/agent-definition.js";
import { parseAgentFile } from "../config/agent-file.js";
import type { LoadedPlugin } from "./plugin.js";

async function markdownUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith(".md"))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

async function readAgent(plugin: LoadedPlugin, path: string, warnings: string[]) {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    warnings.push(`plugin ${plugin.name}: skipped agent file ${path}: ${String(error)}`);
    return undefined;
  }
  const parsed = parseAgentFile(text, path, "user");
  if (!parsed.ok) {
    warnings.push(`plugin ${plugin.name}: skipped agent file ${path}: ${parsed.problem}`);
    return undefined;
  }
  const definition: AgentDefinition = {
    ...parsed.definition,
    // Prefixed, so a plugin's agent never stands in for one of the person's own.
    name: `${plugin.name}:${parsed.definition.name}`,
    source: { kind: "plugin", plugin: plugin.name, path },
  };
  return definition;
}

/** The plugins' agents (`plugin:agent`), with a line for each file that could not be used. */
export async function loadPluginAgents(
  plugins: readonly LoadedPlugin[],
): Promise<{ definitions: AgentDefinition[]; warnings: string[] }> {
  const definitions: AgentDefinition[] = [];
  const warnings: string[] = [];
  for (const plugin of plugins) {
    const dirs = await Promise.all(plugin.agents.dirs.map(markdownUnder));
    for (const path of [...dirs.flat(), ...plugin.agents.files]) {
      const definition = await readAgent(plugin, path, warnings);
      if (definition && !definitions.some((d) => d.name === definition.name)) {
        definitions.push(definition);
      }
    }
  }
  return { definitions, warnings };
}
