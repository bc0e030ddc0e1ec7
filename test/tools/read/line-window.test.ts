import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readLineWindow } from "../../../src/tools/builtin/read/line-window.js";
import { TempFolders } from "./helpers.js";

const temps = new TempFolders();
let dir = "";
beforeAll(async () => {
  dir = await temps.make();
});
afterAll(() => temps.cleanup());

const signal = new AbortController().signal;

/** The lines a text holds: CRLF or LF ends, and a final newline starts no new line. */
function expectedLines(text: string): string[] {
  if (text === "") return [];
  const lines = text
    .split("\n")
    .map((l, i, all) => (i < all.length - 1 && l.endsWith("\r") ? l.slice(0, -1) : l));
  if (lines.at(-1) === "") lines.pop();
  return lines;
}

const textArb = fc
  .array(fc.constantFrom("a", "é", "€", "𝄞", "\n", "\r\n", "\r", " "), { maxLength: 60 })
  .map((parts) => parts.join(""));

describe("the line window reader", () => {
  it("finds the same lines whatever the chunk size, across multi-byte characters and CRLF", async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        textArb,
        fc.integer({ min: 1, max: 9 }),
        fc.integer({ min: 1, max: 8 }),
        fc.integer({ min: 1, max: 5 }),
        async (text, chunk, start, count) => {
          const path = join(dir, `p${run++}.txt`);
          await writeFile(path, text);
          const request = {
            startLine: start,
            maxLines: count,
            maxLineChars: 1000,
            maxOutputChars: 1e6,
            keepFullText: true,
          };
          const window = await readLineWindow(path, "utf-8", 0, request, signal, chunk);
          const all = expectedLines(text);
          const wanted = all.slice(start - 1, start - 1 + count);
          expect(window.lines).toEqual(wanted);
          expect(window.fullText).toBe(wanted.join("\n"));
          expect(window.more).toBe(all.length > start - 1 + count);
          if (!window.more) expect(window.totalLines).toBe(all.length);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("stops reading once the window is full and one more line has begun", async () => {
    const path = join(dir, "stop.txt");
    await writeFile(path, `a\nb\nc\n${"d".repeat(1000)}\n`);
    const request = {
      startLine: 1,
      maxLines: 2,
      maxLineChars: 100,
      maxOutputChars: 1e6,
      keepFullText: false,
    };
    const window = await readLineWindow(path, "utf-8", 0, request, signal, 4);
    expect(window.lines).toEqual(["a", "b"]);
    expect(window.more).toBe(true);
    expect(window.bytesRead).toBe(8);
  });

  it("rejects with an AbortError when the signal is aborted", async () => {
    const path = join(dir, "abort.txt");
    await writeFile(path, "x\n");
    const controller = new AbortController();
    controller.abort();
    const request = {
      startLine: 1,
      maxLines: 2,
      maxLineChars: 100,
      maxOutputChars: 1e6,
      keepFullText: false,
    };
    await expect(
      readLineWindow(path, "utf-8", 0, request, controller.signal),
    ).rejects.toMatchObject({
      name: "AbortError",
    });
  });
});
