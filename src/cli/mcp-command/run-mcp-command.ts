import { homedir } from "node:os";
import { type Command, Option } from "commander";
import { keelStateDir } from "../../config/paths.js";
import { resetMcpApprovals } from "../../mcp/approvals.js";
import type { CliIo } from "../io.js";
import { writeTo } from "../output.js";
import { subcommandProgram } from "../subcommand-program.js";
import { UsageError } from "../usage-error.js";
import { addJsonServer, addServer } from "./add-command.js";
import { getServer } from "./get-command.js";
import { listServers } from "./list-command.js";
import { removeServer } from "./remove-command.js";
import { TRANSPORTS } from "./server-entry.js";
import { type McpRoots, WRITABLE_SCOPES, type WritableScope } from "./server-places.js";

/** The work a parsed `keel mcp …` line asks for. */
type Run = () => Promise<number>;

const collect = (value: string, previous: string[]) => [...previous, value];

const scopeOption = (fallback?: WritableScope) => {
  const option = new Option("-s, --scope <scope>", "local, user or project").choices(
    WRITABLE_SCOPES,
  );
  return fallback ? option.default(fallback) : option;
};

function addCommand(program: Command, roots: McpRoots, io: CliIo, set: (run: Run) => void): void {
  program
    .command("add")
    .description(
      "Add a server: keel mcp add [options] <name> <command> [args...], or -t http|sse <name> <url>. Options come before the name; what follows the command is its arguments",
    )
    .argument("<name>", "the server's name (tools are called mcp__<name>__<tool>)")
    .argument("<commandOrUrl>", "the command to start (stdio) or the server's URL (http, sse)")
    .argument("[args...]", "the command's arguments")
    .addOption(scopeOption("local"))
    .addOption(
      new Option("-t, --transport <transport>", "stdio, sse or http")
        .choices(TRANSPORTS)
        .default("stdio"),
    )
    .option(
      "-e, --env <KEY=value>",
      "an environment variable for a stdio server (repeatable)",
      collect,
      [],
    )
    .option(
      "-H, --header <header>",
      'a header for an http or sse server, "Name: value" (repeatable)',
      collect,
      [],
    )
    .passThroughOptions()
    .action((name: string, first: string, rest: string[], flags: Record<string, unknown>) => {
      // Options stop at the name, so a `--` after it arrives as an operand: it only separates.
      const [commandOrUrl, ...args] = first === "--" ? rest : [first, ...rest];
      if (commandOrUrl === undefined) throw new UsageError("give the command or URL after --");
      const input = {
        transport: flags.transport as (typeof TRANSPORTS)[number],
        commandOrUrl,
        args,
        env: flags.env as string[],
        headers: flags.header as string[],
      };
      set(() => addServer(name, input, flags.scope as WritableScope, roots, io));
    });
}

function defineCommands(program: Command, roots: McpRoots, io: CliIo, set: (run: Run) => void) {
  program
    .command("list")
    .description("List the configured servers and check whether each connects")
    .action(() => set(() => listServers(roots, io)));
  program
    .command("get")
    .description("Show one server: where it is declared, how it runs, whether it connects")
    .argument("<name>")
    .action((name: string) => set(() => getServer(name, roots, io)));
  addCommand(program, roots, io, set);
  program
    .command("add-json")
    .description("Add a server from its JSON entry (as in .mcp.json)")
    .argument("<name>")
    .argument("<json>")
    .addOption(scopeOption("local"))
    .action((name: string, json: string, flags: { scope: WritableScope }) =>
      set(() => addJsonServer(name, json, flags.scope, roots, io)),
    );
  program
    .command("remove")
    .description("Remove a server (from the one scope that has it, or the scope given)")
    .argument("<name>")
    .addOption(scopeOption())
    .action((name: string, flags: { scope?: WritableScope }) =>
      set(() => removeServer(name, flags.scope, roots, io)),
    );
  program
    .command("reset-project-choices")
    .description("Forget every approval and refusal of this project's .mcp.json servers")
    .action(() =>
      set(async () => {
        await resetMcpApprovals(roots.stateDir, roots.cwd);
        const text =
          "All project-scoped (.mcp.json) server approvals and rejections have been reset.\nYou will be asked again the next time the REPL starts here.\n";
        await writeTo(io.stdout, text);
        return 0;
      }),
    );
  for (const [name, why] of [
    ["serve", "keel does not serve its tools over MCP"],
    ["add-from-claude-desktop", "keel does not read Claude Desktop's configuration"],
  ] as const) {
    program
      .command(name, { hidden: true })
      .allowUnknownOption()
      .allowExcessArguments()
      .action(() =>
        set(async () => {
          throw new UsageError(`mcp ${name} is not available in keel: ${why}`);
        }),
      );
  }
}

/** `keel mcp …`: Claude Code's MCP subcommands over the files keel reads and writes. */
export function runMcpCommand(argv: string[], io: CliIo): Promise<number> {
  const roots = { cwd: io.cwd, home: io.env.HOME ?? homedir(), stateDir: keelStateDir(io.env) };
  const cli = subcommandProgram("keel mcp", "Configure and manage MCP servers", io);
  cli.program.enablePositionalOptions();
  defineCommands(cli.program, roots, io, cli.choose);
  return cli.run(argv);
}
