import { Readable, Writable } from "node:stream";
import type { SessionPlugins } from "../../../plugins/plugin.js";
import type { CliIo } from "../../io.js";
import { runPluginCommand } from "../../plugin-command/run-plugin-command.js";
import type { ReplHost } from "./host.js";

/** The session's plugins, and `keel plugin …` run from the REPL (for /plugin). */
export interface PluginsView {
  loaded: SessionPlugins;
  run(args: readonly string[]): Promise<{ code: number; output: string }>;
}

function collector(into: string[]): Writable {
  return new Writable({
    write(chunk, _encoding, done) {
      into.push(String(chunk));
      done();
    },
  });
}

/** Runs `keel plugin …` in this session's folder and state folder, its output kept as text. */
export function pluginsView(
  loaded: SessionPlugins,
  where: { cwd: string; env: Readonly<Record<string, string | undefined>>; signal: AbortSignal },
): PluginsView {
  return {
    loaded,
    async run(args) {
      const output: string[] = [];
      const io: CliIo = {
        stdin: Readable.from([]),
        stdout: collector(output),
        stderr: collector(output),
        env: where.env,
        cwd: where.cwd,
        signal: where.signal,
      };
      const code = await runPluginCommand([...args], io).catch((error: unknown) => {
        output.push(`keel: ${error instanceof Error ? error.message : String(error)}\n`);
        return 1;
      });
      return { code, output: output.join("").trimEnd() };
    },
  };
}

/** What `/plugin` shows with no arguments: the plugins this session loaded, and those it could not. */
export function pluginsText(loaded: SessionPlugins): string {
  const lines =
    loaded.plugins.length === 0
      ? ["No plugins are loaded in this session."]
      : [
          "Plugins:",
          ...loaded.plugins.map((p) => `  ${p.name}${p.version ? ` ${p.version}` : ""}  ${p.root}`),
        ];
  for (const error of loaded.errors)
    lines.push(`  not loaded: ${error.plugin} (${error.type}) ${error.message}`);
  lines.push(
    "/plugin install <plugin>@<marketplace>, enable, disable, update, uninstall, list and marketplace add|list|update|remove change what the next session (/clear) loads.",
  );
  return lines.join("\n");
}

/** `/plugin [args]`: the session's plugins, or `keel plugin <args>` run here. */
export async function runPluginSlash(host: ReplHost, args: string): Promise<void> {
  const view = host.activeSession.plugins;
  if (!view) return host.notice("/plugin is not available in this session.", "error");
  const words = args.split(/\s+/).filter((word) => word !== "");
  if (words.length === 0) return host.notice(pluginsText(view.loaded));
  const { code, output } = await view.run(words);
  host.notice(output || (code === 0 ? "Done." : "Failed."), code === 0 ? "info" : "error");
}
