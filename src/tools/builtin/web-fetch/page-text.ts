/** A page's text for the model, or why there is none. */
export type PageText = { ok: true; text: string } | { ok: false; message: string };

/** Types whose bytes are text to pass through as they are (besides every `text/*`). */
const TEXT_TYPES = new Set([
  "application/json",
  "application/xml",
  "application/javascript",
  "application/ecmascript",
  "application/x-javascript",
  "application/yaml",
  "application/x-yaml",
  "application/toml",
  "application/x-sh",
  "application/graphql",
]);

const HTML_TYPES = new Set(["text/html", "application/xhtml+xml"]);

/** The body's kind by its declared type, or by its first bytes when it declares none. */
function kindOf(mime: string, body: Buffer): "html" | "text" | "binary" {
  if (HTML_TYPES.has(mime)) return "html";
  if (mime.startsWith("text/") || TEXT_TYPES.has(mime)) return "text";
  if (mime.endsWith("+json") || mime.endsWith("+xml")) return "text";
  if (mime !== "") return "binary";
  const head = body.subarray(0, 8192);
  if (head.includes(0)) return "binary";
  return /^\s*<(!doctype html|html)/i.test(head.toString("latin1")) ? "html" : "text";
}

function decode(body: Buffer, contentType: string): string {
  const charset = /charset\s*=\s*"?([^";\s]+)/i.exec(contentType)?.[1] ?? "utf-8";
  try {
    return new TextDecoder(charset).decode(body);
  } catch {
    // An unknown charset label: UTF-8 is what the web mostly is.
    return new TextDecoder("utf-8").decode(body);
  }
}

/**
 * The text of a fetched body: HTML reduced to its readable part as markdown; plain text, JSON,
 * markdown and other text as they are; binary types refused with their type and size. The HTML
 * libraries (a DOM, Readability, turndown) load on the first HTML page, not with keel: a
 * session that fetches nothing never pays for them.
 */
export async function pageText(body: Buffer, contentType: string, url: string): Promise<PageText> {
  const mime = contentType.split(";")[0]?.trim().toLowerCase() ?? "";
  const kind = kindOf(mime, body);
  if (kind === "binary") {
    const type = mime === "" ? "binary data" : mime;
    return {
      ok: false,
      message: `WebFetch reads web pages and text only: ${url} is ${type} (${body.length} bytes), which it cannot read.`,
    };
  }
  const text = decode(body, contentType);
  if (kind !== "html") return { ok: true, text };
  const { htmlToMarkdown } = await import("./html-to-markdown.js");
  return { ok: true, text: htmlToMarkdown(text) };
}
