import { readFile, rm, stat, utimes, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  type ChangedFileDeps,
  changedFileAttachments,
  NODE_CHANGED_FILE_DEPS,
} from "../../../src/session/attachments/changed-files.js";
import { FileStateCache } from "../../../src/tools/file-state-cache.js";
import { useTempDir } from "../../tools/file-io/helpers.js";

let dir: string;
useTempDir((made) => {
  dir = made;
});

const READ_TIME = new Date("2020-01-01T00:00:00Z");
const EDIT_TIME = new Date("2020-01-02T00:00:00Z");
const LATER_EDIT_TIME = new Date("2020-01-03T00:00:00Z");

/** Writes a file dated READ_TIME and records a Read of it (whole, or a window). */
async function readFileInto(
  cache: FileStateCache,
  name: string,
  content: string,
  range: { offset?: number; limit?: number } = {},
): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, content);
  await utimes(path, READ_TIME, READ_TIME);
  const timestamp = (await stat(path)).mtimeMs;
  cache.set(path, { content: content.replace(/\n$/, ""), timestamp, fromRead: true, ...range });
  return path;
}

/** Another program changes the file: new content and a newer modification time. */
async function editExternally(path: string, content: string, when = EDIT_TIME): Promise<void> {
  await writeFile(path, content);
  await utimes(path, when, when);
}

const lines = (count: number, label = "line") =>
  Array.from({ length: count }, (_, i) => `${label} ${i + 1}`);

describe("changedFileAttachments", () => {
  it("reports an external edit as the new lines around the change, with new line numbers", async () => {
    const cache = new FileStateCache();
    const original = lines(30);
    const path = await readFileInto(cache, "a.txt", `${original.join("\n")}\n`);
    const edited = [...original];
    edited.splice(14, 1, "changed 15", "inserted");
    await editExternally(path, `${edited.join("\n")}\n`);

    const found = await changedFileAttachments(cache, NODE_CHANGED_FILE_DEPS);

    const expectedLines = [
      ...Array.from({ length: 8 }, (_, i) => `${i + 7}\tline ${i + 7}`),
      "15\tchanged 15",
      "16\tinserted",
      ...Array.from({ length: 8 }, (_, i) => `${i + 17}\tline ${i + 16}`),
    ];
    expect(found).toEqual([
      { type: "edited_text_file", filename: path, snippet: expectedLines.join("\n") },
    ]);
  });

  it("reports a change once and updates the cache to the new text and time", async () => {
    const cache = new FileStateCache();
    const path = await readFileInto(cache, "a.txt", "one\ntwo\n");
    await editExternally(path, "one\nTWO\n");

    expect(await changedFileAttachments(cache, NODE_CHANGED_FILE_DEPS)).toHaveLength(1);
    expect(await changedFileAttachments(cache, NODE_CHANGED_FILE_DEPS)).toEqual([]);
    expect(cache.get(path)).toEqual({ content: "one\nTWO", timestamp: EDIT_TIME.getTime() });

    await editExternally(path, "one\nTWO\nthree\n", LATER_EDIT_TIME);
    const again = await changedFileAttachments(cache, NODE_CHANGED_FILE_DEPS);
    expect(again.map((a) => a.type === "edited_text_file" && a.snippet)).toEqual([
      "1\tone\n2\tTWO\n3\tthree",
    ]);
  });

  it("joins separate hunks with a ... line", async () => {
    const cache = new FileStateCache();
    const original = lines(60);
    const path = await readFileInto(cache, "a.txt", original.join("\n"));
    const edited = original.map((line, i) => (i === 0 || i === 59 ? line.toUpperCase() : line));
    await editExternally(path, edited.join("\n"));

    const [found] = await changedFileAttachments(cache, NODE_CHANGED_FILE_DEPS);
    const snippet = found?.type === "edited_text_file" ? found.snippet : "";
    expect(snippet.split("\n")).toEqual([
      "1\tLINE 1",
      ...Array.from({ length: 8 }, (_, i) => `${i + 2}\tline ${i + 2}`),
      "...",
      ...Array.from({ length: 8 }, (_, i) => `${i + 52}\tline ${i + 52}`),
      "60\tLINE 60",
    ]);
  });

  it("ignores files read only in part", async () => {
    const cache = new FileStateCache();
    const path = await readFileInto(cache, "part.txt", "a\nb\nc\n", { offset: 2, limit: 1 });
    await editExternally(path, "a\nB\nc\n");

    expect(await changedFileAttachments(cache, NODE_CHANGED_FILE_DEPS)).toEqual([]);
    expect(cache.get(path)?.content).toBe("a\nb\nc");
  });

  it("adds nothing when the time changed but the text did not", async () => {
    const cache = new FileStateCache();
    const path = await readFileInto(cache, "touched.txt", "same\n");
    await editExternally(path, "same\n");

    expect(await changedFileAttachments(cache, NODE_CHANGED_FILE_DEPS)).toEqual([]);
    expect(cache.get(path)?.timestamp).toBe(EDIT_TIME.getTime());
  });

  it("adds nothing for a file whose time is unchanged, even if its bytes differ", async () => {
    const cache = new FileStateCache();
    const path = await readFileInto(cache, "same-time.txt", "x\n");
    await editExternally(path, "y\n", READ_TIME);

    expect(await changedFileAttachments(cache, NODE_CHANGED_FILE_DEPS)).toEqual([]);
  });

  it("drops a deleted file from the cache without an attachment", async () => {
    const cache = new FileStateCache();
    const gone = await readFileInto(cache, "gone.txt", "bye\n");
    const kept = await readFileInto(cache, "kept.txt", "stay\n");
    await rm(gone);

    expect(await changedFileAttachments(cache, NODE_CHANGED_FILE_DEPS)).toEqual([]);
    expect([...cache.keys()]).toEqual([kept]);
  });

  it("skips a file that became binary", async () => {
    const cache = new FileStateCache();
    const path = await readFileInto(cache, "blob.txt", "text\n");
    await writeFile(path, Buffer.from([0x74, 0x00, 0xff, 0x01]));
    await utimes(path, EDIT_TIME, EDIT_TIME);

    expect(await changedFileAttachments(cache, NODE_CHANGED_FILE_DEPS)).toEqual([]);
    expect(cache.get(path)?.content).toBe("text");
  });

  it("skips a file it cannot read and goes on with the others", async () => {
    const cache = new FileStateCache();
    const locked = await readFileInto(cache, "locked.txt", "a\n");
    const open = await readFileInto(cache, "open.txt", "b\n");
    await editExternally(locked, "A\n");
    await editExternally(open, "B\n");
    const deps: ChangedFileDeps = {
      stat: NODE_CHANGED_FILE_DEPS.stat,
      readFile: async (path) => {
        if (path === locked) throw Object.assign(new Error("denied"), { code: "EACCES" });
        return readFile(path);
      },
    };

    const found = await changedFileAttachments(cache, deps);
    expect(found.map((a) => a.type === "edited_text_file" && a.filename)).toEqual([open]);
    expect(cache.get(locked)?.content).toBe("a");
  });

  it("caps a large change at 8 KB with a note of the lines left out", async () => {
    const cache = new FileStateCache();
    const path = await readFileInto(cache, "big.txt", "start\n");
    const added = lines(2000, "a fairly long added line, number");
    await editExternally(path, `start\n${added.join("\n")}\n`);

    const [found] = await changedFileAttachments(cache, NODE_CHANGED_FILE_DEPS);
    const snippet = found?.type === "edited_text_file" ? found.snippet : "";
    expect(Buffer.byteLength(snippet)).toBeLessThanOrEqual(8192);
    const shown = snippet.split("\n");
    const note = shown.at(-1) ?? "";
    const dropped = Number(/^\.\.\. \[(\d+) lines truncated\] \.\.\.$/.exec(note)?.[1]);
    expect(shown.slice(0, 2)).toEqual(["1\tstart", "2\ta fairly long added line, number 1"]);
    // Every line of the full snippet (start plus 2000 added) is either shown or counted.
    expect(shown.length - 1 + dropped).toBe(2001);
  });
});
