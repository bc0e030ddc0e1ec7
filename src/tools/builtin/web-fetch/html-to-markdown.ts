import { Readability } from "@mozilla/readability";
import { parseHTML } from "linkedom";
import TurndownService from "turndown";

const turndown = new TurndownService({
  headingStyle: "atx",
  codeBlockStyle: "fenced",
  bulletListMarker: "-",
}).remove(["script", "style", "noscript", "template"]);

/**
 * The readable part of an HTML page as markdown: Readability keeps the article and drops the
 * navigation, ads and footers around it; a page it finds no article in is converted whole.
 */
export function htmlToMarkdown(html: string): string {
  const { document } = parseHTML(html);
  const whole = document.body?.innerHTML ?? html;
  // Readability takes the document apart as it reads it: the whole page is kept first.
  const article = new Readability(document as unknown as Document).parse();
  const body = turndown.turndown(article?.content ?? whole).trim();
  const title = article?.title?.trim();
  return title && !body.startsWith(`# ${title}`) ? `# ${title}\n\n${body}` : body;
}
