import { isAbsolute, relative } from "node:path";

/** The input field that best names what a call of each built-in tool does. */
const MAIN_FIELD: Readonly<Record<string, string>> = {
  Bash: "command",
  Read: "file_path",
  Edit: "file_path",
  Write: "file_path",
  Glob: "pattern",
  Grep: "pattern",
  Agent: "description",
  TaskOutput: "task_id",
  TaskStop: "task_id",
  ToolSearch: "query",
};

const FILE_FIELDS = new Set(["file_path"]);
const MAX_SUMMARY = 80;

function shorten(text: string): string {
  const line = text.replace(/\s*\n\s*/g, " ").trim();
  return line.length > MAX_SUMMARY ? `${line.slice(0, MAX_SUMMARY - 1)}…` : line;
}

function firstTextField(input: Record<string, unknown>): string | undefined {
  for (const value of Object.values(input)) if (typeof value === "string") return value;
  return undefined;
}

/** A path as a person reads it: relative to the working folder when it is inside it. */
export function displayPath(path: string, cwd: string): string {
  if (!isAbsolute(path)) return path;
  const rel = relative(cwd, path);
  return rel !== "" && !rel.startsWith("..") && !isAbsolute(rel) ? rel : path;
}

/** The one-line summary of a tool call: `Bash(npm test)`, `Read(src/a.ts)`. */
export function toolSummary(name: string, input: unknown, cwd: string): string {
  if (typeof input !== "object" || input === null || Array.isArray(input)) return name;
  const fields = input as Record<string, unknown>;
  const key = MAIN_FIELD[name];
  const value = key !== undefined ? fields[key] : firstTextField(fields);
  if (typeof value !== "string" || value === "") return name;
  const shown = key !== undefined && FILE_FIELDS.has(key) ? displayPath(value, cwd) : value;
  return `${name}(${shorten(shown)})`;
}
