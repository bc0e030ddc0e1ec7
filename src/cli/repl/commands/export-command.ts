import { writeFile } from "node:fs/promises";
import { extname, resolve } from "node:path";
import { errorText } from "../error-text.js";
import { exportText } from "./export-text.js";
import type { ReplHost } from "./host.js";

/** Claude Code's file name: a `.txt` one, any other extension replaced. */
export function exportFileName(name: string): string {
  if (name.endsWith(".txt")) return name;
  const extension = extname(name);
  return `${extension ? name.slice(0, -extension.length) : name}.txt`;
}

/**
 * `/export [file]`: the conversation as plain text, to the file (relative to the working
 * folder, replaced if it is there, as in Claude Code) or, with no file, to the clipboard
 * through the terminal (OSC 52).
 */
export async function runExport(host: ReplHost, args: string): Promise<void> {
  const messages = host.activeSession.engine.messages;
  if (!messages) return host.notice("/export is not available in this session.", "error");
  const text = exportText(messages);
  if (args !== "") {
    const path = resolve(host.cwd, exportFileName(args));
    try {
      await writeFile(path, text);
    } catch (error) {
      return host.notice(`/export: could not write ${path}: ${errorText(error)}`, "error");
    }
    return host.notice(`Conversation exported to: ${path}`);
  }
  const copy = host.activeSession.copyToClipboard;
  if (!copy?.(text)) {
    return host.notice(
      "/export: no terminal to copy to here; give a file instead: /export <file>",
      "error",
    );
  }
  host.notice(
    `Conversation copied to the clipboard (${text.length} characters, through the terminal's OSC 52; if your terminal does not allow it, use /export <file>).`,
  );
}
