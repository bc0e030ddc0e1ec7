/** What the model is told about WebSearch (our own words). */
export function webSearchDescription(): string {
  return [
    "Searches the web and returns the results: titles and links, with a short summary.",
    "",
    "- Use it for information newer than your knowledge, or to find pages to read with WebFetch.",
    "- `allowed_domains` keeps only results from those sites; `blocked_domains` leaves those out (give one, not both).",
    "- After answering from the results, list the sources you used as markdown links.",
  ].join("\n");
}
