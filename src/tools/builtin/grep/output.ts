import type { ToolResultBlock } from "../../../protocol/content.js";

/** Which part of the results a Grep shows. */
export interface GrepPage {
  /** Entries skipped before this page. */
  offset: number;
  /** Results continue after this page. */
  more: boolean;
  /** Something ripgrep could not search, or a cut listing. */
  warning?: string;
}

/** Matching files, most recently modified first. */
export interface FilesGrepOutput extends GrepPage {
  mode: "files_with_matches";
  filenames: string[];
  /** All matching files, not just this page. */
  numFiles: number;
}

/** Matching lines (with context), as `path:N:text` (`path-N-text` for context). */
export interface ContentGrepOutput extends GrepPage {
  mode: "content";
  lines: string[];
}

/** Matching lines per file. */
export interface CountGrepOutput extends GrepPage {
  mode: "count";
  counts: Array<{ path: string; count: number }>;
  /** Over all matching files, not just this page. */
  numFiles: number;
  numMatches: number;
}

/** What a Grep found. */
export type GrepOutput = FilesGrepOutput | ContentGrepOutput | CountGrepOutput;

/** Said when nothing matched. */
export const NO_MATCHES = "No matches found";

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

function bodyOf(output: GrepOutput): string[] {
  switch (output.mode) {
    case "files_with_matches":
      if (output.numFiles === 0) return [NO_MATCHES];
      return [`Found ${plural(output.numFiles, "file", "files")}`, ...output.filenames];
    case "content":
      return output.lines.length === 0 && output.offset === 0 ? [NO_MATCHES] : output.lines;
    case "count": {
      if (output.numFiles === 0) return [NO_MATCHES];
      const lines = output.counts.map((c) => `${c.path}:${c.count}`);
      const total = `Found ${plural(output.numMatches, "matching line", "matching lines")} in ${plural(output.numFiles, "file", "files")}.`;
      return [...lines, "", total];
    }
  }
}

function shownCount(output: GrepOutput): number {
  if (output.mode === "files_with_matches") return output.filenames.length;
  if (output.mode === "content") return output.lines.length;
  return output.counts.length;
}

/** The paging note: where this page starts and how to get the next one. */
export function pageNote(output: GrepOutput): string | undefined {
  const shown = shownCount(output);
  if (shown === 0 && output.offset > 0) return `(No results after offset ${output.offset}.)`;
  if (!output.more)
    return output.offset > 0 ? `(Showing results from offset ${output.offset}.)` : undefined;
  const next = output.offset + shown;
  return `(Showing ${plural(shown, "result", "results")} from offset ${output.offset}; there are more. Call Grep again with offset ${next} to see them, or narrow the search.)`;
}

/** Grep's tool_result text. */
export function mapGrepResult(output: GrepOutput, toolUseId: string): ToolResultBlock {
  const parts = [bodyOf(output).join("\n")];
  const note = pageNote(output);
  if (note) parts.push(note);
  if (output.warning) parts.push(`(Warning: ${output.warning})`);
  return { type: "tool_result", tool_use_id: toolUseId, content: parts.join("\n\n") };
}
