import type { SessionPlugins } from "../plugins/plugin.js";
import type { SdkSystemInit } from "../session/sdk-messages.js";

/** system/init's `plugins` rows and `plugin_errors` (left out when there are none). */
export function pluginInitFields(
  loaded: SessionPlugins,
): Pick<SdkSystemInit, "plugins" | "plugin_errors"> {
  const plugins = loaded.plugins.map(({ name, root, version }) => ({
    name,
    path: root,
    ...(version === undefined ? {} : { version }),
  }));
  return loaded.errors.length > 0 ? { plugins, plugin_errors: loaded.errors } : { plugins };
}
