import { homedir } from "node:os";
import { type Command, Option } from "commander";
import { keelStateDir } from "../../config/paths.js";
import { loadSettings } from "../../config/settings/load.js";
import type { PluginStoreDeps } from "../../plugins/store/marketplaces.js";
import { pluginStorePaths } from "../../plugins/store/paths.js";
import type { CliIo } from "../io.js";
import { writeTo } from "../output.js";
import { subcommandProgram } from "../subcommand-program.js";
import * as act from "./plugin-actions.js";

type Run = () => Promise<number>;

const scopeOption = () =>
  new Option(
    "-s, --scope <scope>",
    "the settings file that turns it on: user (keel's), project or local",
  )
    .choices(act.PLUGIN_SCOPES)
    .default("user");

function marketplaceCommands(
  program: Command,
  deps: PluginStoreDeps,
  io: CliIo,
  set: (run: Run) => void,
) {
  const marketplace = program
    .command("marketplace")
    .description("Add, list, update and remove marketplaces");
  marketplace
    .command("add")
    .description("Add a marketplace: a local folder or a git repository URL")
    .argument("<source>")
    .action((source: string) => set(() => act.marketplaceAdd(deps, io, source)));
  marketplace
    .command("list")
    .description("List the marketplaces added")
    .option("--json", "as JSON")
    .action((flags: { json?: boolean }) =>
      set(() => act.marketplaceList(deps, io, flags.json === true)),
    );
  marketplace
    .command("remove")
    .alias("rm")
    .description("Forget a marketplace")
    .argument("<name>")
    .action((name: string) => set(() => act.marketplaceRemove(deps, io, name)));
  marketplace
    .command("update")
    .description("Fetch a marketplace's newest commit (every one without a name)")
    .argument("[name]")
    .action((name: string | undefined) => set(() => act.marketplaceUpdate(deps, io, name)));
}

function pluginCommands(
  program: Command,
  deps: PluginStoreDeps,
  io: CliIo,
  set: (run: Run) => void,
) {
  const roots = { cwd: io.cwd, stateDir: keelStateDir(io.env) };
  const file = (flags: { scope: act.PluginScope }) => act.settingsFileOf(flags.scope, roots);
  program
    .command("install")
    .alias("i")
    .description(
      "Install a plugin from an added marketplace and turn it on: <plugin>[@marketplace]",
    )
    .argument("<plugin>")
    .addOption(scopeOption())
    .action((spec: string, flags) => set(() => act.install(deps, io, spec, file(flags))));
  program
    .command("uninstall")
    .alias("remove")
    .description("Remove an installed plugin")
    .argument("<plugin>")
    .addOption(scopeOption())
    .action((spec: string, flags) => set(() => act.uninstall(deps, io, spec, file(flags))));
  for (const [name, enabled] of [
    ["enable", true],
    ["disable", false],
  ] as const) {
    program
      .command(name)
      .description(`${enabled ? "Turn on" : "Turn off"} an installed plugin`)
      .argument("<plugin>")
      .addOption(scopeOption())
      .action((spec: string, flags) =>
        set(() => act.setEnabled(deps, io, spec, file(flags), enabled)),
      );
  }
  program
    .command("update")
    .description("Install what the plugin's marketplace now holds")
    .argument("<plugin>")
    .action((spec: string) => set(() => act.update(deps, io, spec)));
  program
    .command("list")
    .description("List the installed plugins and whether each is on (in keel's user settings)")
    .option("--json", "as JSON")
    .action((flags: { json?: boolean }) =>
      set(() => act.list(deps, io, act.settingsFileOf("user", roots), flags.json === true)),
    );
  program
    .command("validate")
    .description("Check a plugin folder as loading would, running nothing of it")
    .argument("<path>")
    .action((path: string) => set(() => act.validate(io, path)));
}

/**
 * The marketplaces the settings declare (`extraKnownMarketplaces`). Settings that cannot be
 * read leave none declared, said once: the store's own commands still work.
 */
async function declaredMarketplaces(io: CliIo): Promise<PluginStoreDeps["declared"]> {
  try {
    const settings = await loadSettings({
      home: io.env.HOME ?? homedir(),
      stateDir: keelStateDir(io.env),
      cwd: io.cwd,
    });
    return { marketplaces: settings.extraKnownMarketplaces, cwd: io.cwd };
  } catch (error) {
    await writeTo(
      io.stderr,
      `keel: settings not read, no declared marketplaces: ${(error as Error).message}\n`,
    );
    return undefined;
  }
}

/** `keel plugin …`: Claude Code's plugin and marketplace subcommands, over keel's own store. */
export async function runPluginCommand(argv: string[], io: CliIo): Promise<number> {
  const declared = await declaredMarketplaces(io);
  const deps: PluginStoreDeps = {
    paths: pluginStorePaths(keelStateDir(io.env)),
    now: () => new Date(),
    ...(declared ? { declared } : {}),
  };
  const cli = subcommandProgram("keel plugin", "Install and manage plugins and marketplaces", io);
  marketplaceCommands(cli.program, deps, io, cli.choose);
  pluginCommands(cli.program, deps, io, cli.choose);
  return cli.run(argv);
}
