import { z } from "zod";
import { sandboxSettingsSchema } from "./sandbox-schema.js";

/**
 * One settings file as keel reads it. Loose on purpose: keys keel does not use (and Claude
 * Code keys keel does not know yet) are kept and ignored; `hooks` is validated by the hook
 * engine, `mcpServers` entries by the MCP code.
 */
export const permissionsSettingsSchema = z.looseObject({
  allow: z.array(z.string()).optional(),
  deny: z.array(z.string()).optional(),
  ask: z.array(z.string()).optional(),
  additionalDirectories: z.array(z.string()).optional(),
  /** Checked against keel's modes separately: an unknown mode is a warning, not a failure. */
  defaultMode: z.string().optional(),
  disableBypassPermissionsMode: z.literal("disable").optional(),
});

/** The top level of a settings file. */
export const settingsFileSchema = z.looseObject({
  $schema: z.string().optional(),
  permissions: permissionsSettingsSchema.optional(),
  hooks: z.unknown().optional(),
  env: z.record(z.string(), z.string()).optional(),
  model: z.string().optional(),
  /** The agent the main thread runs as (Claude Code's `agent` setting; --agent wins). */
  agent: z.string().optional(),
  mcpServers: z.record(z.string(), z.unknown()).optional(),
  /** Claude Code's OS sandbox for Bash; invalid values stop keel (contracts §12). */
  sandbox: sandboxSettingsSchema.optional(),
});

/** A settings file after validation. */
export type SettingsFile = z.infer<typeof settingsFileSchema>;
