/** A run of streamed text, classified as reasoning (inside `<think>…</think>`) or visible. */
export interface TextPiece {
  kind: "thinking" | "text";
  text: string;
}

const OPEN = "<think>";
const CLOSE = "</think>";

/** The length of the longest end of `text` that is a proper start of `tag` (a tag cut by a chunk). */
function partialTagLength(text: string, tag: string): number {
  for (let length = Math.min(tag.length - 1, text.length); length > 0; length--) {
    if (text.endsWith(tag.slice(0, length))) return length;
  }
  return 0;
}

/**
 * Splits streamed model text into reasoning and visible pieces at `<think>` / `</think>` tags,
 * which models served by Ollama, llama.cpp or vLLM without a reasoning parser write inline.
 * A tag may be cut anywhere by chunk boundaries: the possible start of a tag is held back until
 * the next chunk decides it. Whitespace right after a tag is dropped, so the blank line models
 * put after `</think>` does not become a visible block of its own. The split depends only on
 * the text, never on how it was chunked.
 */
export class ThinkTagSplitter {
  private inThink = false;
  private held = "";
  private afterTag = false;

  /** Feeds one chunk of text; returns the pieces it settles. */
  push(chunk: string): TextPiece[] {
    const pieces: TextPiece[] = [];
    let rest = this.held + chunk;
    this.held = "";
    for (;;) {
      const tag = this.inThink ? CLOSE : OPEN;
      const at = rest.indexOf(tag);
      if (at < 0) break;
      this.emit(pieces, rest.slice(0, at));
      this.inThink = !this.inThink;
      this.afterTag = true;
      rest = rest.slice(at + tag.length);
    }
    const hold = partialTagLength(rest, this.inThink ? CLOSE : OPEN);
    this.emit(pieces, rest.slice(0, rest.length - hold));
    this.held = rest.slice(rest.length - hold);
    return pieces;
  }

  /** Ends the text: a held-back partial tag turns out to be plain text. */
  flush(): TextPiece[] {
    const pieces: TextPiece[] = [];
    this.emit(pieces, this.held);
    this.held = "";
    return pieces;
  }

  private emit(pieces: TextPiece[], raw: string): void {
    let text = raw;
    if (this.afterTag) {
      text = text.trimStart();
      if (text !== "") this.afterTag = false;
    }
    if (text === "") return;
    const kind = this.inThink ? "thinking" : "text";
    const last = pieces.at(-1);
    if (last && last.kind === kind) last.text += text;
    else pieces.push({ kind, text });
  }
}
