import { Command, InvalidArgumentError, Option } from "commander";
import { PERMISSION_MODES, type PermissionMode } from "../tools/context.js";
import { VERSION } from "../version.js";
import type { OutputFormat } from "./output.js";

/** The main command's options, parsed and checked. */
export interface CliOptions {
  print: boolean;
  outputFormat: OutputFormat;
  verbose: boolean;
  model?: string;
  fallbackModel?: string;
  maxTurns?: number;
  permissionMode: PermissionMode;
  mcpConfig: string[];
  prompt: string;
}

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

function positiveInteger(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new InvalidArgumentError("expected a positive integer");
  return n;
}

/** The main command's definition; `onParsed` receives the options of a successful parse. */
export function mainCommand(onParsed: (options: CliOptions) => void): Command {
  return new Command("keel")
    .description(
      "keel — a coding agent. Run `keel -p <prompt>` for one headless turn; `keel scripted-server <scenario.json>` serves a scripted model.",
    )
    .argument("[prompt...]", "the prompt (with -p, read from stdin when absent)")
    .option("-p, --print", "answer the prompt and exit (headless)", false)
    .addOption(
      new Option("--output-format <format>", "print-mode output")
        .choices(["text", "json", "stream-json"])
        .default("text"),
    )
    .option("--verbose", "print the loop's transitions and retries on stderr", false)
    .option(
      "--model <model>",
      "model id or alias (sonnet, opus, haiku); openai:<id> for an OpenAI-compatible server; scripted:<scenario.json> to replay a scenario in process",
    )
    .option("--fallback-model <model>", "model to switch to when the main one is overloaded")
    .option("--max-turns <n>", "end the turn after this many tool rounds", positiveInteger)
    .addOption(
      new Option("--permission-mode <mode>", "permission mode for this session")
        .choices([...PERMISSION_MODES])
        .default("default"),
    )
    .option(
      "--mcp-config <file-or-json>",
      "MCP server configuration (repeatable); MCP servers are not supported yet",
      collect,
      [],
    )
    .version(`${VERSION} (keel)`, "-v, --version", "print the version")
    .helpOption("-h, --help", "show this help")
    .showHelpAfterError("(run keel --help for usage)")
    .action((promptWords: string[], raw: Record<string, unknown>) => {
      onParsed({
        print: raw.print === true,
        outputFormat: raw.outputFormat as OutputFormat,
        verbose: raw.verbose === true,
        model: typeof raw.model === "string" ? raw.model : undefined,
        fallbackModel: typeof raw.fallbackModel === "string" ? raw.fallbackModel : undefined,
        maxTurns: typeof raw.maxTurns === "number" ? raw.maxTurns : undefined,
        permissionMode: raw.permissionMode as PermissionMode,
        mcpConfig: (raw.mcpConfig as string[] | undefined) ?? [],
        prompt: promptWords.join(" "),
      });
    });
}
