import { existsSync } from "node:fs";
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { Command } from "commander";
import { keelStateDir } from "../config/paths.js";
import { readTranscript, sessionTranscriptPath, traceLines } from "../session/transcript/index.js";
import type { CliIo } from "./io.js";
import { writeTo } from "./output.js";
import { UsageError } from "./usage-error.js";

/** The transcript of a session: this folder's first, else any project's under keel's state. */
async function findTranscript(stateDir: string, cwd: string, sessionId: string): Promise<string> {
  const here = sessionTranscriptPath(stateDir, cwd, sessionId);
  if (existsSync(here)) return here;
  const projects = join(stateDir, "projects");
  const folders = existsSync(projects) ? await readdir(projects) : [];
  for (const folder of folders) {
    const candidate = join(projects, folder, `${sessionId}.jsonl`);
    if (existsSync(candidate)) return candidate;
  }
  throw new UsageError(`no session ${sessionId} under ${projects}`);
}

/** `keel trace <session-id>`: the transitions a session took, turn by turn, with their reasons. */
export async function traceCommand(argv: string[], io: CliIo): Promise<number> {
  let sessionId: string | undefined;
  const command = new Command("keel trace")
    .description(
      "Print the path a session took: each prompt, then each loop transition with its reason and payload",
    )
    .argument("<session-id>", "the session to trace")
    .exitOverride()
    .configureOutput({
      writeOut: (text) => void io.stdout.write(text),
      writeErr: (text) => void io.stderr.write(text),
    })
    .action((id: string) => {
      sessionId = id;
    });
  try {
    await command.parseAsync(argv, { from: "user" });
  } catch {
    return 1;
  }
  if (!sessionId) return 0;
  const path = await findTranscript(keelStateDir(io.env), io.cwd, sessionId);
  const entries = await readTranscript(path, {
    onWarning: (warning) => void writeTo(io.stderr, `keel: skipped ${warning}\n`),
  });
  const lines = traceLines(entries);
  await writeTo(
    io.stdout,
    lines.length > 0 ? `${lines.join("\n")}\n` : "(no transitions recorded)\n",
  );
  return 0;
}
