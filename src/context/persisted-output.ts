/** How much of a spilled result the model still sees. */
export const PREVIEW_BYTES = 2_000;

/** A size for people: "812 B", "51.3 KB", "2.4 MB". */
export function formatSize(chars: number): string {
  if (chars < 1024) return `${chars} B`;
  if (chars < 1024 * 1024) return `${(chars / 1024).toFixed(1)} KB`;
  return `${(chars / (1024 * 1024)).toFixed(1)} MB`;
}

/**
 * The first `bytes` of a text, cut at its last newline when that newline is past half the
 * window (a whole line reads better than half of one).
 */
export function previewOf(text: string, bytes = PREVIEW_BYTES): { preview: string; more: boolean } {
  const buffer = Buffer.from(text, "utf8");
  if (buffer.length <= bytes) return { preview: text, more: false };
  // Decoding a cut buffer may end in a broken character: drop the replacement char.
  const head = buffer
    .subarray(0, bytes)
    .toString("utf8")
    .replace(/\uFFFD$/, "");
  const newline = head.lastIndexOf("\n");
  const preview = newline > head.length / 2 ? head.slice(0, newline) : head;
  return { preview, more: true };
}

/** What a spilled tool result becomes: a preview, the path and size, and how to read the rest. */
export function persistedOutputText(
  text: string,
  path: string,
  previewBytes = PREVIEW_BYTES,
): string {
  const { preview, more } = previewOf(text, previewBytes);
  return [
    "<persisted-output>",
    `Output too large (${formatSize(text.length)}). Full output saved to: ${path}`,
    "Use Read on that path with offset and limit to see the rest.",
    "",
    `Preview (first ${formatSize(previewBytes)}):`,
    `${preview}${more ? "\n..." : ""}`,
    "</persisted-output>",
  ].join("\n");
}

/** True for a result already replaced by a preview. */
export function isPersistedOutput(text: string): boolean {
  return text.startsWith("<persisted-output>");
}
