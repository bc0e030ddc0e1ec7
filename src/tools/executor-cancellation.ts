import type { ToolUseBlock } from "../protocol/content.js";
import { INTERRUPT_MESSAGE_FOR_TOOL_USE, toolUseError } from "./tool-errors.js";

/** The abort reason the executor uses when a Bash call in a parallel group failed. */
export const SIBLING_ERROR = "sibling_error";

/** The abort reason the executor uses when its work is discarded (streaming fallback). */
export const STREAMING_FALLBACK = "streaming_fallback";

/** The abort reason a host uses when the user typed a new message (only "cancel" tools stop). */
export const INTERRUPT = "interrupt";

/** Why a queued or running call of the streaming executor gets a synthetic result. */
export type CancelReason = "streaming_fallback" | "sibling_error" | "user_interrupted";

const SUMMARY_CHARS = 40;

/** A short name for a call, for the sibling-cancellation message: `Bash(npm te…)`. */
export function describeCall(block: ToolUseBlock): string {
  const { command, file_path: filePath, pattern } = block.input;
  const summary = [command, filePath, pattern].find((v) => typeof v === "string" && v !== "");
  if (typeof summary !== "string") return block.name;
  const short = summary.length > SUMMARY_CHARS ? `${summary.slice(0, SUMMARY_CHARS)}…` : summary;
  return `${block.name}(${short})`;
}

/** The is_error result text a cancelled call gets. */
export function cancellationText(reason: CancelReason, erroredCall?: string): string {
  switch (reason) {
    case "streaming_fallback":
      return toolUseError("Error: Streaming fallback - tool execution discarded");
    case "sibling_error":
      return toolUseError(
        erroredCall
          ? `Cancelled: parallel tool call ${erroredCall} errored`
          : "Cancelled: parallel tool call errored",
      );
    case "user_interrupted":
      return INTERRUPT_MESSAGE_FOR_TOOL_USE;
  }
}
