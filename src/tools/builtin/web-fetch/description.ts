/** What the model is told about WebFetch (our own words). */
export function webFetchDescription(): string {
  return [
    "Fetches a web page and answers a prompt about it.",
    "",
    "- Give a full URL; http is upgraded to https (except for this machine's own addresses).",
    "- The page's readable part is turned into markdown, and a small, fast model reads it and answers `prompt`: say exactly what you want from the page.",
    "- Plain text, JSON and markdown are read as they are; images, PDFs and other binary files cannot be read.",
    "- A long page is read 100,000 characters at a time: the result says which `offset` reads on.",
    "- A redirect to another host is not followed: the result gives the new URL, to fetch with a call of its own.",
    "- Pages are kept for 15 minutes, so asking again about the same URL is quick.",
    "- Read-only; it never changes anything. When an MCP tool that fetches pages is available, prefer it.",
  ].join("\n");
}
