import { readFile, stat } from "node:fs/promises";
import { systemReminder } from "../../../protocol/api-payload.js";
import { findImportPaths, resolveImportPath } from "../../../session/memory/import-paths.js";
import { numberLines } from "../../../tools/builtin/read/output.js";

/** Lines of a referenced file the prompt carries (Claude Code's cut for @-mentioned files). */
export const REFERENCE_MAX_LINES = 2000;
/** Bytes beyond which a referenced file is not included (the Read tool's whole-file cap). */
export const REFERENCE_MAX_BYTES = 256 * 1024;

/** A file an `@path` in a command body names, read. */
export interface ReferencedFile {
  /** The path as written after the `@`. */
  written: string;
  /** Its absolute path. */
  path: string;
  content: string;
}

/** Where `@path`s start from. */
export interface ReferenceRoots {
  cwd: string;
  home: string;
}

/** True when the path is a regular file small enough to include. */
async function includable(path: string): Promise<boolean> {
  try {
    const info = await stat(path);
    return info.isFile() && info.size <= REFERENCE_MAX_BYTES;
  } catch {
    // Missing or unreadable: left as written, as Claude Code leaves it.
    return false;
  }
}

async function readText(path: string): Promise<string | undefined> {
  try {
    const text = await readFile(path, "utf8");
    // A NUL byte means binary: the prompt keeps the `@path` as written.
    return text.includes("\0") ? undefined : text;
  } catch {
    return undefined;
  }
}

/** Why a referenced file may not be read (a notice for the person), or undefined when it may. */
export type ReferenceCheck = (written: string, path: string) => Promise<string | undefined>;

/** The files the `@path`s name, and notices for those a permission rule kept out. */
export interface References {
  files: ReferencedFile[];
  refused: string[];
}

/**
 * The files the `@path`s of `text` name (outside code, once each; `~/` from home, else from
 * the working folder). Missing files, folders, binary and over-large files are skipped; a file
 * `check` refuses (a Read deny rule covers it, or reading it would ask) is not read at all.
 */
export async function readReferences(
  text: string,
  roots: ReferenceRoots,
  check: ReferenceCheck,
): Promise<References> {
  const found: References = { files: [], refused: [] };
  for (const written of findImportPaths(text)) {
    const path = resolveImportPath(written, roots.cwd, roots.home);
    if (!(await includable(path))) continue;
    const refusal = await check(written, path);
    if (refusal !== undefined) {
      found.refused.push(refusal);
      continue;
    }
    const content = await readText(path);
    if (content !== undefined) found.files.push({ written, path, content });
  }
  return found;
}

/**
 * A referenced file as the model sees it: a Read call and its numbered result, each in a
 * system reminder (the shape Claude Code gives @-mentioned files), cut at REFERENCE_MAX_LINES.
 */
export function referenceText(file: ReferencedFile): string {
  const lines = file.content.replace(/\r?\n$/, "").split(/\r?\n/);
  const kept = lines.slice(0, REFERENCE_MAX_LINES);
  const cut =
    lines.length > kept.length
      ? `\n\n(Only the first ${kept.length} of ${lines.length} lines are shown: read the rest with the Read tool.)`
      : "";
  const result = file.content === "" ? "(the file is empty)" : numberLines(kept.join("\n"), 1);
  return [
    systemReminder(
      `Called the Read tool with the following input: ${JSON.stringify({ file_path: file.path })}`,
    ),
    systemReminder(`Result of calling the Read tool:\n${result}${cut}`),
  ].join("\n");
}
