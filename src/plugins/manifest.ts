import { z } from "zod";

/** One path or several, each relative to the plugin's root (`./commands/deploy.md`). */
const paths = z.union([z.string(), z.array(z.string())]);

/** An inline config object, or the path(s) of files holding one. */
const inlineOrPaths = z.union([paths, z.record(z.string(), z.unknown())]);

/**
 * `.claude-plugin/plugin.json` as Claude Code reads it: only `name` is required; the component
 * keys add places to the default folders; unknown keys (`lspServers`, `monitors`, …) are kept
 * out of the way rather than refused, as a newer plugin's manifest must still load.
 */
export const pluginManifestSchema = z
  .object({
    // The name prefixes every command, skill and agent the plugin brings (`name:thing`).
    name: z
      .string()
      .regex(
        /^[A-Za-z0-9][A-Za-z0-9._-]*$/,
        "must be letters, digits, dots, hyphens or underscores (it becomes the `name:` prefix)",
      ),
    version: z.string().optional(),
    description: z.string().optional(),
    commands: paths.optional(),
    agents: paths.optional(),
    skills: paths.optional(),
    outputStyles: paths.optional(),
    hooks: inlineOrPaths.optional(),
    mcpServers: inlineOrPaths.optional(),
  })
  .passthrough();

export type PluginManifest = z.infer<typeof pluginManifestSchema>;

/** The list form of a `paths` value. */
export function pathList(value: string | readonly string[] | undefined): string[] {
  if (value === undefined) return [];
  return typeof value === "string" ? [value] : [...value];
}
