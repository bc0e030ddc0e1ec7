import type { ToolResultBlock } from "../../../protocol/content.js";
import type { BashOutput } from "./schema.js";

/** What the model is told when a command printed nothing and succeeded. */
export const NO_OUTPUT = "(Bash completed with no output)";

/** The marker Claude Code appends to an interrupted command's output. */
export const ABORTED_MARKER = "<error>Command was aborted before completion</error>";

/** True when the call failed: a non-zero exit, a signal, a timeout or an abort. */
export function isBashFailure(output: BashOutput): boolean {
  if (output.background) return false; // started; how it ends is TaskOutput's to tell
  return (
    output.interrupted ||
    output.timedOutAfterMs !== undefined ||
    output.exitCode !== 0 ||
    output.exitSignal !== undefined
  );
}

/**
 * The tool_result the model sees: the exit status when it failed, stdout (leading blank lines
 * dropped, trailing space trimmed), stderr, then how it was stopped and where the full output is.
 */
export function bashToolResult(output: BashOutput, toolUseId: string): ToolResultBlock {
  if (output.background) {
    const content = [backgroundLine(output.background), ...output.notes].join("\n");
    return { type: "tool_result", tool_use_id: toolUseId, content };
  }
  const parts = [
    exitLine(output),
    output.stdout.replace(/^(?:[ \t]*\r?\n)+/, "").trimEnd(),
    output.stderr.trim(),
    stopLine(output),
    truncationLine(output),
    ...output.notes,
  ].filter((part) => part !== "");
  const failed = isBashFailure(output);
  return {
    type: "tool_result",
    tool_use_id: toolUseId,
    content: parts.length > 0 ? parts.join("\n") : NO_OUTPUT,
    ...(failed ? { is_error: true } : {}),
  };
}

function exitLine(output: BashOutput): string {
  if (output.interrupted || output.timedOutAfterMs !== undefined) return "";
  if (output.exitSignal !== undefined) return `Terminated by signal ${output.exitSignal}`;
  return output.exitCode !== 0 && output.exitCode !== null ? `Exit code ${output.exitCode}` : "";
}

function stopLine(output: BashOutput): string {
  if (output.timedOutAfterMs !== undefined) {
    return `Command timed out after ${output.timedOutAfterMs} ms`;
  }
  return output.interrupted ? ABORTED_MARKER : "";
}

function truncationLine(output: BashOutput): string {
  const truncation = output.truncation;
  if (!truncation) return "";
  const size = `${truncation.totalChars} characters`;
  if (truncation.fullOutputPath) {
    return `[Output was ${size}; the middle was left out. The full output is in ${truncation.fullOutputPath} (read it with the Read tool, using offset and limit).]`;
  }
  return `[Output was ${size}; the middle was left out and could not be saved: ${truncation.saveError ?? "unknown error"}]`;
}

function backgroundLine(background: NonNullable<BashOutput["background"]>): string {
  return (
    `Command running in background with ID: ${background.taskId}. Output is being written to: ${background.outputFile}. ` +
    `Use TaskOutput with task_id "${background.taskId}" to read its output (each read returns what is new) and TaskStop to stop it.`
  );
}
