import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type TextPiece, ThinkTagSplitter } from "../../../src/model/openai/think-tags.js";

/** Feeds the chunks through one splitter and merges neighbouring pieces of the same kind. */
function split(chunks: readonly string[]): TextPiece[] {
  const splitter = new ThinkTagSplitter();
  const pieces = [...chunks.flatMap((c) => splitter.push(c)), ...splitter.flush()];
  const merged: TextPiece[] = [];
  for (const piece of pieces) {
    const last = merged.at(-1);
    if (last && last.kind === piece.kind) last.text += piece.text;
    else merged.push({ ...piece });
  }
  return merged;
}

/** Cuts text at the given positions. */
function cut(text: string, positions: readonly number[]): string[] {
  const points = [...new Set(positions.map((p) => p % (text.length + 1)))].sort((a, b) => a - b);
  const chunks: string[] = [];
  let from = 0;
  for (const point of points) {
    chunks.push(text.slice(from, point));
    from = point;
  }
  chunks.push(text.slice(from));
  return chunks;
}

describe("the <think> splitter", () => {
  it("separates reasoning inside the tags from the visible answer", () => {
    expect(split(["<think>\nweigh the options\n</think>\n\nPick B."])).toEqual([
      { kind: "thinking", text: "weigh the options\n" },
      { kind: "text", text: "Pick B." },
    ]);
  });

  it("recognises tags cut by chunk boundaries inside the tag itself", () => {
    expect(split(["<", "thi", "nk>plan", "</th", "ink>done"])).toEqual([
      { kind: "thinking", text: "plan" },
      { kind: "text", text: "done" },
    ]);
  });

  it("leaves text without tags visible, including a held-back '<' that was not a tag", () => {
    expect(split(["a < b and x <t", "hin"])).toEqual([{ kind: "text", text: "a < b and x <thin" }]);
  });

  it("keeps reasoning whose closing tag never came as reasoning", () => {
    expect(split(["<think>still going"])).toEqual([{ kind: "thinking", text: "still going" }]);
  });

  it("gives the same split for any chunking of the same text", () => {
    const alphabet = fc.constantFrom(
      "<think>",
      "</think>",
      "<",
      "/",
      "think",
      ">",
      "a",
      " ",
      "\n",
      "t",
    );
    const text = fc.array(alphabet, { maxLength: 30 }).map((parts) => parts.join(""));
    fc.assert(
      fc.property(text, fc.array(fc.nat(), { maxLength: 12 }), (whole, positions) => {
        expect(split(cut(whole, positions))).toEqual(split([whole]));
      }),
      { numRuns: 500 },
    );
  });

  it("splits one chunk character by character the same way as whole", () => {
    const text = "<think>a</think>b<think>c</think>\n d";
    expect(split([...text])).toEqual(split([text]));
    expect(split([text])).toEqual([
      { kind: "thinking", text: "a" },
      { kind: "text", text: "b" },
      { kind: "thinking", text: "c" },
      { kind: "text", text: "d" },
    ]);
  });
});
