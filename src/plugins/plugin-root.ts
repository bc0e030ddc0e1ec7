import type { HookHandlerConfig, HooksConfig } from "../hooks/config.js";

// biome-ignore lint/suspicious/noTemplateCurlyInString: the literal text plugins write
const PLACEHOLDER = "${CLAUDE_PLUGIN_ROOT}";

function give(text: string, root: string): string {
  return text.split(PLACEHOLDER).join(root);
}

/** Every string inside a JSON value with the placeholder given. */
function giveDeep(value: unknown, root: string): unknown {
  if (typeof value === "string") return give(value, root);
  if (Array.isArray(value)) return value.map((item) => giveDeep(item, root));
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, giveDeep(v, root)]));
  }
  return value;
}

function hookWithRoot(hook: HookHandlerConfig, root: string): HookHandlerConfig {
  if (hook.type !== "command") return hook;
  // The text is given for scripts named by path; the variable for scripts that read it.
  return { ...hook, command: give(hook.command, root), env: { CLAUDE_PLUGIN_ROOT: root } };
}

/**
 * `${CLAUDE_PLUGIN_ROOT}` given the plugin's folder, as Claude Code does: in command hooks
 * (also set in their environment) and anywhere in an MCP server's entry.
 */
export const withPluginRoot = {
  hooks(config: HooksConfig, root: string): HooksConfig {
    const given: HooksConfig = {};
    for (const [event, groups] of Object.entries(config) as [
      keyof HooksConfig,
      HooksConfig[keyof HooksConfig],
    ][]) {
      given[event] = groups?.map((group) => ({
        ...group,
        hooks: group.hooks.map((hook) => hookWithRoot(hook, root)),
      }));
    }
    return given;
  },
  servers(servers: Record<string, unknown>, root: string): Record<string, unknown> {
    return giveDeep(servers, root) as Record<string, unknown>;
  },
};
