import type { MarkdownOptions } from "./markdown.js";

/** Renders markdown text for the terminal (the loaded markdown module's function). */
export type RenderMarkdown = (text: string, options: MarkdownOptions) => string;

let loading: Promise<RenderMarkdown> | undefined;
let loaded: RenderMarkdown | undefined;

/**
 * Loads the markdown renderer once (marked, marked-terminal and the highlighter are large: the
 * REPL starts loading them at start-up, print mode never does).
 */
export function loadMarkdown(): Promise<RenderMarkdown> {
  loading ??= import("./markdown.js").then((module) => {
    loaded = module.renderMarkdown;
    return loaded;
  });
  return loading;
}

/** The markdown renderer if it has loaded; undefined until then (text shows plain). */
export function markdownRenderer(): RenderMarkdown | undefined {
  return loaded;
}
