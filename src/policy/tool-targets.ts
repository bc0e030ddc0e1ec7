import { resolveInputPath } from "../tools/builtin/file-paths.js";

/** Whether a file tool reads or writes. */
export type FileAccess = "read" | "write";

/** The file-reading tools and the input field naming what they read (absent field: the working folder). */
const READ_TOOLS: Readonly<Record<string, string>> = {
  Read: "file_path",
  Glob: "path",
  Grep: "path",
  NotebookRead: "notebook_path",
};

/** The file-editing tools and the input field naming the file they write. */
const WRITE_TOOLS: Readonly<Record<string, string>> = {
  Edit: "file_path",
  Write: "file_path",
  MultiEdit: "file_path",
  NotebookEdit: "notebook_path",
};

/** Rule tool names that govern reads (Read rules cover Glob and Grep, as in Claude Code). */
export const READ_RULE_TOOLS = new Set(Object.keys(READ_TOOLS));
/** Rule tool names that govern writes (Edit rules apply to every file-editing tool). */
export const WRITE_RULE_TOOLS = new Set(Object.keys(WRITE_TOOLS));

/** True for a tool that edits files. */
export function isFileEditTool(toolName: string): boolean {
  return toolName in WRITE_TOOLS;
}

/** The file a file tool's input touches, as an absolute path, or undefined for other tools. */
export function toolFileTarget(
  toolName: string,
  input: Record<string, unknown>,
  cwd: string,
  home: string,
): { access: FileAccess; path: string } | undefined {
  const writeField = WRITE_TOOLS[toolName];
  const readField = READ_TOOLS[toolName];
  const field = writeField ?? readField;
  if (field === undefined) return undefined;
  const value = input[field];
  const given = typeof value === "string" && value !== "" ? value : undefined;
  if (given === undefined && writeField !== undefined) return undefined;
  return {
    access: writeField !== undefined ? "write" : "read",
    path: resolveInputPath(given ?? ".", cwd, home),
  };
}
