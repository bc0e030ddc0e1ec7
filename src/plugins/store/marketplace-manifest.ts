import { z } from "zod";

/** Where a marketplace entry's plugin comes from: a folder of the marketplace, or a git repository. */
const pluginSource = z.union([
  z.string(),
  z.looseObject({ source: z.enum(["url", "git"]), url: z.string(), ref: z.string().optional() }),
  z.looseObject({ source: z.literal("github"), repo: z.string(), ref: z.string().optional() }),
]);

export type MarketplacePluginSource = z.infer<typeof pluginSource>;

/** `.claude-plugin/marketplace.json`: a named list of plugins and where each comes from. */
export const marketplaceManifestSchema = z.looseObject({
  name: z
    .string()
    .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, "must be letters, digits, dots, hyphens or underscores"),
  owner: z.looseObject({ name: z.string() }).optional(),
  metadata: z.looseObject({ pluginRoot: z.string().optional() }).optional(),
  plugins: z.array(
    z.looseObject({
      name: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/),
      source: pluginSource,
      description: z.string().optional(),
      version: z.string().optional(),
    }),
  ),
});

export type MarketplaceManifest = z.infer<typeof marketplaceManifestSchema>;
export type MarketplaceEntry = MarketplaceManifest["plugins"][number];
