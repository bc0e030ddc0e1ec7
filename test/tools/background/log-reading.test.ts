import { appendFile, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { LogCursor } from "../../../src/tools/background/log-cursor.js";
import { cutCharBytes, readLogSlice } from "../../../src/tools/background/log-slice.js";

let dir: string;
let log: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "keel-log-"));
  log = join(dir, "task.log");
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("reading a log", () => {
  it("never cuts a UTF-8 character between two reads of a running task", async () => {
    const e = Buffer.from("é");
    await writeFile(log, Buffer.concat([Buffer.from("a"), e.subarray(0, 1)]));
    const cursor = new LogCursor(log);
    expect(await cursor.readNew(100, false)).toEqual({ text: "a", bytes: 1, omittedBytes: 0 });
    await appendFile(log, Buffer.concat([e.subarray(1), Buffer.from("b")]));
    expect(await cursor.readNew(100, false)).toEqual({ text: "éb", bytes: 3, omittedBytes: 0 });
  });

  it("takes a cut character once the task has ended (no more bytes will come)", async () => {
    await writeFile(log, Buffer.from([0x61, 0xc3]));
    const cursor = new LogCursor(log);
    expect((await cursor.readNew(100, true)).bytes).toBe(2);
    expect((await cursor.readNew(100, true)).bytes).toBe(0);
  });

  it("reads nothing from a log not created yet", async () => {
    expect(await new LogCursor(join(dir, "missing.log")).readNew(100, false)).toEqual({
      text: "",
      bytes: 0,
      omittedBytes: 0,
    });
  });

  it("keeps whole characters at both ends of a long multi-byte output", async () => {
    await writeFile(log, "é".repeat(100_000));
    const slice = await readLogSlice(log, { start: 0, end: 200_000, final: false }, 1_000);
    expect(slice.text).toBe(
      `${"é".repeat(500)}\n\n... [198000 bytes truncated] ...\n\n${"é".repeat(500)}`,
    );
    expect(slice).toMatchObject({ bytes: 200_000, omittedBytes: 198_000 });
  });

  it("keeps both ends of an output just over the limit without repeating any of it", async () => {
    const text = Array.from({ length: 1_010 }, (_, i) => String.fromCharCode(97 + (i % 26))).join(
      "",
    );
    await writeFile(log, text);
    const slice = await readLogSlice(log, { start: 0, end: 1_010, final: true }, 1_000);
    expect(slice.text).toBe(
      `${text.slice(0, 500)}\n\n... [10 bytes truncated] ...\n\n${text.slice(-500)}`,
    );
  });

  it("counts the bytes of a character cut short at the end of a buffer", () => {
    const e = Buffer.from("é"); // 2 bytes
    const euro = Buffer.from("€"); // 3 bytes
    const emoji = Buffer.from("😀"); // 4 bytes
    expect(cutCharBytes(Buffer.from("ab"))).toBe(0);
    expect(cutCharBytes(e)).toBe(0);
    expect(cutCharBytes(e.subarray(0, 1))).toBe(1);
    expect(cutCharBytes(euro.subarray(0, 2))).toBe(2);
    expect(cutCharBytes(euro)).toBe(0);
    expect(cutCharBytes(emoji.subarray(0, 3))).toBe(3);
    expect(cutCharBytes(emoji)).toBe(0);
    expect(cutCharBytes(new Uint8Array())).toBe(0);
  });
});
