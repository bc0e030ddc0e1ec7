import { readFile, stat } from "node:fs/promises";
import { applyEdit } from "../../tools/builtin/edit/apply.js";
import { editInputSchema } from "../../tools/builtin/edit/schema.js";
import { diffHunks } from "../../tools/builtin/file-io/structured-diff.js";
import { isMissingPathError, resolveInputPath } from "../../tools/builtin/file-paths.js";
import { writeInputSchema } from "../../tools/builtin/write/schema.js";
import { type DiffLine, hunkLines } from "./diff-lines.js";
import { displayPath } from "./tool-summary.js";

/** What a call would do, shown whole in its permission dialog. */
export type ChangePreview =
  | { kind: "command"; command: string; description?: string }
  | {
      kind: "file";
      action: "create" | "overwrite" | "edit";
      /** The file as a person reads it (relative to the working folder when inside it). */
      path: string;
      /** The new file's lines, or the change as a diff; numbered where the file is known. */
      lines: DiffLine[];
    };

/** Where the call runs: paths in its input start here. */
export interface PreviewPlace {
  cwd: string;
  home: string;
}

/** A file larger than this is not read for a preview: its change shows without line numbers. */
const MAX_READ_BYTES = 2 * 1024 * 1024;
/** A preview longer than this many lines is cut, with a line saying how many more there are. */
const MAX_LINES = 5_000;

type FileRead = { kind: "missing" } | { kind: "text"; text: string } | { kind: "unknown" };

async function readForPreview(path: string): Promise<FileRead> {
  try {
    if ((await stat(path)).size > MAX_READ_BYTES) return { kind: "unknown" };
    return { kind: "text", text: await readFile(path, "utf8") };
  } catch (error) {
    return isMissingPathError(error) ? { kind: "missing" } : { kind: "unknown" };
  }
}

/** A file change, its lines cut at MAX_LINES. */
function fileChange(
  action: "create" | "overwrite" | "edit",
  path: string,
  lines: DiffLine[],
): ChangePreview {
  if (lines.length <= MAX_LINES) return { kind: "file", action, path, lines };
  const more: DiffLine = { kind: "hunk", text: `… ${lines.length - MAX_LINES} more lines` };
  return { kind: "file", action, path, lines: [...lines.slice(0, MAX_LINES), more] };
}

function splitLines(text: string): string[] {
  const lines = text.replace(/\r\n/g, "\n").split("\n");
  if (lines.length > 1 && lines.at(-1) === "") lines.pop();
  return lines;
}

/** A new file's content, numbered from 1. */
function contentLines(text: string): DiffLine[] {
  return splitLines(text).map((line, index) => ({
    kind: "context",
    text: line,
    number: index + 1,
  }));
}

/** An edit keel cannot place in the file: the text taken out, then the text put in. */
function unplacedEdit(oldText: string, newText: string): DiffLine[] {
  return [
    ...splitLines(oldText).map((line): DiffLine => ({ kind: "removed", text: `-${line}` })),
    ...splitLines(newText).map((line): DiffLine => ({ kind: "added", text: `+${line}` })),
  ];
}

async function writePreview(
  input: unknown,
  place: PreviewPlace,
): Promise<ChangePreview | undefined> {
  const parsed = writeInputSchema.safeParse(input);
  if (!parsed.success) return undefined;
  const absolute = resolveInputPath(parsed.data.file_path, place.cwd, place.home);
  const path = displayPath(absolute, place.cwd);
  const before = await readForPreview(absolute);
  const { content } = parsed.data;
  if (before.kind === "missing") return fileChange("create", path, contentLines(content));
  const lines =
    before.kind === "text" ? hunkLines(diffHunks(before.text, content)) : contentLines(content);
  return fileChange("overwrite", path, lines);
}

async function editPreview(
  input: unknown,
  place: PreviewPlace,
): Promise<ChangePreview | undefined> {
  const parsed = editInputSchema.safeParse(input);
  if (!parsed.success) return undefined;
  const edit = parsed.data;
  const absolute = resolveInputPath(edit.file_path, place.cwd, place.home);
  const path = displayPath(absolute, place.cwd);
  const before = await readForPreview(absolute);
  if (before.kind === "missing" && edit.old_string === "") {
    return fileChange("create", path, contentLines(edit.new_string));
  }
  const applied = before.kind === "text" ? applyEdit(before.text, edit) : undefined;
  const lines =
    before.kind === "text" && applied?.ok
      ? hunkLines(diffHunks(before.text, applied.updated))
      : unplacedEdit(edit.old_string, edit.new_string);
  return fileChange("edit", path, lines);
}

function commandPreview(input: unknown): ChangePreview | undefined {
  if (typeof input !== "object" || input === null) return undefined;
  const { command, description } = input as Record<string, unknown>;
  if (typeof command !== "string") return undefined;
  return typeof description === "string" && description.trim() !== ""
    ? { kind: "command", command, description }
    : { kind: "command", command };
}

/**
 * What a Bash, Write or Edit call would do: the whole command, the new file's content, or the
 * change to the file on disk as a numbered diff. Undefined for other tools (their one-line
 * summary says it all) and for input that does not fit the tool.
 */
export async function changePreview(
  toolName: string,
  input: unknown,
  place: PreviewPlace,
): Promise<ChangePreview | undefined> {
  switch (toolName) {
    case "Bash":
      return commandPreview(input);
    case "Write":
      return writePreview(input, place);
    case "Edit":
      return editPreview(input, place);
    default:
      return undefined;
  }
}
