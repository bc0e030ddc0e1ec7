import type { ToolResultBlock } from "../../../protocol/content.js";
import type { WebFetchOutput } from "./schema.js";

/** The tool_result the model sees: the answer about the page (or the redirect notice). */
export function webFetchResult(output: WebFetchOutput, toolUseId: string): ToolResultBlock {
  return { type: "tool_result", tool_use_id: toolUseId, content: output.result };
}

/** The notice for a redirect to another host, which the model must fetch with its own call. */
export function crossHostRedirectNotice(
  redirect: { from: URL; to: URL; status: number; statusText: string },
  prompt: string,
): string {
  return [
    "REDIRECT DETECTED: the URL redirects to a different host, which WebFetch does not follow by itself.",
    "",
    `Original URL: ${redirect.from.href}`,
    `Redirect URL: ${redirect.to.href}`,
    `Status: ${redirect.status} ${redirect.statusText}`.trimEnd(),
    "",
    "To read it, call WebFetch again with:",
    `- url: "${redirect.to.href}"`,
    `- prompt: "${prompt}"`,
  ].join("\n");
}

/** What follows the answer when the page was cut: where to read on, or that the body was capped. */
export function pageNotes(
  window: { end: number; total: number },
  truncatedAtBytes: number | undefined,
): string {
  const notes: string[] = [];
  if (window.end < window.total)
    notes.push(
      `[This answer is about characters up to ${window.end} of the page's ${window.total}: call WebFetch with offset: ${window.end} to read on.]`,
    );
  if (truncatedAtBytes !== undefined)
    notes.push(`[The page is larger than ${truncatedAtBytes} bytes; only that much was read.]`);
  return notes.length === 0 ? "" : `\n\n${notes.join("\n")}`;
}
