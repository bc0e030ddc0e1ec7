import { homedir } from "node:os";
import { join } from "node:path";
import { Command, CommanderError } from "commander";
import { keelStateDir } from "../config/paths.js";
import { autoMemoryDir } from "../memory/auto-memory-paths.js";
import { importClaudeMemory, type MemoryImport } from "../memory/import-claude-memory.js";
import type { CliIo } from "./io.js";
import { writeTo } from "./output.js";

type MemoryAction = "path" | "import";

function memoryProgram(io: CliIo, onParsed: (action: MemoryAction) => void): Command {
  const program = new Command("keel memory")
    .description("The project's auto memory folder (docs/memory.md)")
    .helpOption("-h, --help", "show this help")
    .exitOverride()
    .configureOutput({
      writeOut: (text) => void io.stdout.write(text),
      writeErr: (text) => void io.stderr.write(text),
    });
  program
    .command("path")
    .description("print the project's auto memory folder")
    .action(() => onParsed("path"));
  program
    .command("import")
    .description(
      "copy Claude Code's auto memory of this project (~/.claude/projects/<…>/memory) into keel's; files keel already has are kept",
    )
    .action(() => onParsed("import"));
  return program;
}

function importReport(outcome: MemoryImport): string {
  if (outcome.type === "missing")
    return `keel: Claude Code has no auto memory for this project (${outcome.from})\n`;
  const kept =
    outcome.kept.length === 0 ? "" : `; kept keel's own ${outcome.kept.join(", ")} (it differs)`;
  return `Imported ${outcome.copied.length} files from ${outcome.from} into ${outcome.to} (${outcome.same.length} already there${kept})\n`;
}

/** `keel memory path|import`: exit 0 done, 1 on a usage error or when there is nothing to import. */
export async function memoryCommand(argv: string[], io: CliIo): Promise<number> {
  let action: MemoryAction | undefined;
  try {
    await memoryProgram(io, (chosen) => {
      action = chosen;
    }).parseAsync(argv, { from: "user" });
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode === 0 ? 0 : 1;
    throw error;
  }
  const home = io.env.HOME ?? homedir();
  const stateDir = keelStateDir(io.env, home);
  if (action === "path") {
    await writeTo(io.stdout, `${await autoMemoryDir(stateDir, io.cwd)}\n`);
    return 0;
  }
  if (action !== "import") {
    await writeTo(
      io.stderr,
      "keel memory: name a command (path, import); see keel memory --help\n",
    );
    return 1;
  }
  const claudeDir = io.env.CLAUDE_CONFIG_DIR?.trim() || join(home, ".claude");
  const outcome = await importClaudeMemory({ claudeDir, stateDir, cwd: io.cwd });
  await writeTo(outcome.type === "missing" ? io.stderr : io.stdout, importReport(outcome));
  return outcome.type === "missing" ? 1 : 0;
}
