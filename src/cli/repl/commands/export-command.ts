import { writeFile } from "node:fs/promises";
import { resolve } from "node:path";
import type { Message } from "../../../protocol/messages.js";
import { errorText } from "../error-text.js";
import { exportText } from "./export-text.js";
import type { ReplHost } from "./host.js";

/** The file name `/export`'s "Save to file" offers: the day, then the first prompt's words. */
function defaultExportName(messages: readonly Message[], now: Date): string {
  const first = messages.find((m) => m.type === "user" && !m.isMeta && !m.isCompactSummary);
  const content = first?.type === "user" ? first.message.content : "";
  const text = typeof content === "string" ? content : "";
  const slug = text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40)
    .replace(/-+$/, "");
  return `${now.toISOString().slice(0, 10)}-${slug || "conversation-export"}.txt`;
}

/** Writes the text to `name` in the working folder (a file there is replaced, as in Claude Code). */
async function saveTo(host: ReplHost, name: string, text: string): Promise<void> {
  const path = resolve(host.cwd, name);
  try {
    await writeFile(path, text);
  } catch (error) {
    return host.notice(`/export: could not write ${path}: ${errorText(error)}`, "error");
  }
  host.notice(`Conversation exported to: ${path}`);
}

/** Copies the text through the terminal (OSC 52), or says there is no terminal to copy to. */
function copy(host: ReplHost, text: string): void {
  if (!host.activeSession.copyToClipboard?.(text)) {
    host.notice(
      "/export: no terminal to copy to here; give a file instead: /export <file>",
      "error",
    );
    return;
  }
  host.notice(
    `Conversation copied to the clipboard (${text.length} characters, through the terminal's OSC 52; if your terminal does not allow it, use /export <file>).`,
  );
}

/**
 * `/export [file]`: the conversation as plain text, to the file (relative to the working
 * folder) or, with no file, as Claude Code asks: copy it to the clipboard (through the
 * terminal) or save it to a file named for the day and the first prompt.
 */
export async function runExport(host: ReplHost, args: string): Promise<void> {
  const messages = host.activeSession.engine.messages;
  if (!messages) return host.notice("/export is not available in this session.", "error");
  const text = exportText(messages);
  if (args !== "") return saveTo(host, args, text);
  const name = defaultExportName(messages, new Date(host.now()));
  host.pick(
    "Export Conversation",
    [
      { label: "Copy to clipboard", detail: "through the terminal (OSC 52)" },
      { label: "Save to file", detail: name },
    ],
    (index) => (index === 0 ? copy(host, text) : saveTo(host, name, text)),
  );
}
