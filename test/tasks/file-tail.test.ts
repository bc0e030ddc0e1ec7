import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { fileTail } from "../../src/tasks/file-tail.js";
import { finalResultText } from "../../src/tasks/final-result.js";
import { useTempDir } from "../tools/file-io/helpers.js";

describe("fileTail", () => {
  let folder = "";
  useTempDir((made) => {
    folder = made;
  });
  const dir = () => folder;

  it("reads the last bytes of a longer file with its whole size, all of a shorter one, none of a missing one", async () => {
    const path = join(dir(), "out.log");
    await writeFile(path, "0123456789");
    const tail = await fileTail(path, 4);
    expect([tail.bytes.toString(), tail.size]).toEqual(["6789", 10]);
    const whole = await fileTail(path, 64);
    expect([whole.bytes.toString(), whole.size]).toEqual(["0123456789", 10]);
    const missing = await fileTail(join(dir(), "none.log"), 4);
    expect([missing.bytes.length, missing.size]).toEqual([0, 0]);
  });

  it("finds an agent log's result line near its end, and none in a missing or empty log", async () => {
    const log = join(dir(), "agent.log");
    const filler = `${JSON.stringify({ type: "assistant", text: "x".repeat(70_000) })}\n`;
    await writeFile(log, `${filler}${JSON.stringify({ type: "result", result: "all done" })}\n`);
    expect(await finalResultText(log)).toBe("all done");
    expect(await finalResultText(join(dir(), "none.log"))).toBeUndefined();
    await writeFile(join(dir(), "empty.log"), "");
    expect(await finalResultText(join(dir(), "empty.log"))).toBeUndefined();
  });
});
