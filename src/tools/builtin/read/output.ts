import type { ImageMediaType, ToolResultBlock } from "../../../protocol/content.js";

/** A window of a text file. */
export interface TextReadOutput {
  type: "text";
  filePath: string;
  /** The shown lines (long ones cut), joined with "\n". */
  content: string;
  /** Number of the first shown line. */
  startLine: number;
  numLines: number;
  /** The file's line count, when the read reached its end. */
  totalLines?: number;
  /** How to read on, when the file has more than was shown. */
  continuation?: string;
}

/** An image, sent to the model as an image block. */
export interface ImageReadOutput {
  type: "image";
  filePath: string;
  mediaType: ImageMediaType;
  base64: string;
  bytes: number;
}

/** A file with nothing in it. */
export interface EmptyReadOutput {
  type: "empty";
  filePath: string;
}

/** An offset after the file's last line. */
export interface PastEndReadOutput {
  type: "past_end";
  filePath: string;
  offset: number;
  totalLines: number;
}

/** The same range of an unchanged file was read before: the earlier result still holds. */
export interface UnchangedReadOutput {
  type: "unchanged";
  filePath: string;
}

/** What a Read produced. */
export type ReadOutput =
  | TextReadOutput
  | ImageReadOutput
  | EmptyReadOutput
  | PastEndReadOutput
  | UnchangedReadOutput;

/** The note sent instead of content the model already has. */
export const FILE_UNCHANGED_NOTE =
  "The file has not changed since you last read it. That earlier Read result in this conversation is still current: refer to it instead of reading again.";

/** Lines as the model sees them: `N<TAB>text`, numbered from startLine. */
export function numberLines(content: string, startLine: number): string {
  return content
    .split("\n")
    .map((line, i) => `${startLine + i}\t${line}`)
    .join("\n");
}

/** The text the model is shown for a non-image output. */
function textFor(output: Exclude<ReadOutput, ImageReadOutput>): string {
  switch (output.type) {
    case "text": {
      const numbered = numberLines(output.content, output.startLine);
      return output.continuation ? `${numbered}\n\n${output.continuation}` : numbered;
    }
    case "empty":
      return "<system-reminder>Warning: the file exists but is empty.</system-reminder>";
    case "past_end":
      return `<system-reminder>Warning: the file is shorter than the offset given (${output.offset}). It has ${output.totalLines} line${output.totalLines === 1 ? "" : "s"}.</system-reminder>`;
    case "unchanged":
      return FILE_UNCHANGED_NOTE;
  }
}

/** Read's tool_result: an image block for images, text otherwise. */
export function mapReadResult(output: ReadOutput, toolUseId: string): ToolResultBlock {
  if (output.type === "image") {
    return {
      type: "tool_result",
      tool_use_id: toolUseId,
      content: [
        {
          type: "image",
          source: { type: "base64", media_type: output.mediaType, data: output.base64 },
        },
      ],
    };
  }
  return { type: "tool_result", tool_use_id: toolUseId, content: textFor(output) };
}
