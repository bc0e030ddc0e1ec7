import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createReadTool } from "../../../src/tools/builtin/read/read-tool.js";
import { callTool, makeContext, TempFolders, toolsConfig } from "./helpers.js";

const temps = new TempFolders();
afterEach(() => temps.cleanup());

async function setup() {
  const cwd = await temps.make();
  const state = await temps.make();
  return { cwd, tool: createReadTool(toolsConfig(cwd, state)), context: makeContext(cwd) };
}

const lines = (n: number, from = 1) => Array.from({ length: n }, (_, i) => `line ${from + i}`);

describe("Read shows text with line numbers", () => {
  it("numbers every line N<TAB>text from 1", async () => {
    const { cwd, tool, context } = await setup();
    await writeFile(join(cwd, "a.txt"), "alpha\nbeta\n\ngamma\n");
    const { text } = await callTool(tool, { file_path: join(cwd, "a.txt") }, context);
    expect(text).toBe("1\talpha\n2\tbeta\n3\t\n4\tgamma");
  });

  it("counts a last line without a newline and shows CRLF lines without the CR", async () => {
    const { cwd, tool, context } = await setup();
    await writeFile(join(cwd, "w.txt"), "one\r\ntwo\r\nthree");
    const { text } = await callTool(tool, { file_path: join(cwd, "w.txt") }, context);
    expect(text).toBe("1\tone\n2\ttwo\n3\tthree");
  });

  it("numbers from offset and shows at most limit lines, saying how to read on", async () => {
    const { cwd, tool, context } = await setup();
    await writeFile(join(cwd, "n.txt"), `${lines(10).join("\n")}\n`);
    const { text, data } = await callTool(
      tool,
      { file_path: join(cwd, "n.txt"), offset: 4, limit: 3 },
      context,
    );
    expect(text.split("\n\n")[0]).toBe("4\tline 4\n5\tline 5\n6\tline 6");
    expect(text).toContain("offset 7");
    expect(data).toMatchObject({ type: "text", startLine: 4, numLines: 3 });
  });

  it("treats offset 0 as the first line", async () => {
    const { cwd, tool, context } = await setup();
    await writeFile(join(cwd, "z.txt"), "x\ny\n");
    const { text } = await callTool(tool, { file_path: join(cwd, "z.txt"), offset: 0 }, context);
    expect(text).toBe("1\tx\n2\ty");
  });

  it("shows 2000 lines by default and tells the model the next offset", async () => {
    const { cwd, tool, context } = await setup();
    await writeFile(join(cwd, "big.txt"), `${lines(2500).join("\n")}\n`);
    const { text, data } = await callTool(tool, { file_path: join(cwd, "big.txt") }, context);
    const [numbered, note] = text.split("\n\n");
    expect(numbered?.split("\n")).toHaveLength(2000);
    expect(numbered?.endsWith("2000\tline 2000")).toBe(true);
    expect(note).toContain("offset 2001");
    expect(data).toMatchObject({ numLines: 2000 });
  });

  it("cuts lines longer than 2000 characters with a marker giving their length", async () => {
    const { cwd, tool, context } = await setup();
    await writeFile(join(cwd, "long.txt"), `short\n${"x".repeat(5000)}\nend\n`);
    const { text } = await callTool(tool, { file_path: join(cwd, "long.txt") }, context);
    const second = text.split("\n")[1] ?? "";
    expect(second.startsWith(`2\t${"x".repeat(2000)} … [line cut: 5000 characters in total]`)).toBe(
      true,
    );
    expect(second).not.toContain("x".repeat(2001));
    expect(text).toContain("3\tend");
    expect(text).toContain("1 line was longer than 2000 characters and cut");
  });

  it("keeps the numbered output within about 25,000 tokens and says where to go on", async () => {
    const { cwd, tool, context } = await setup();
    const wide = Array.from({ length: 1500 }, (_, i) => `${i + 1}:${"y".repeat(150)}`);
    await writeFile(join(cwd, "wide.txt"), `${wide.join("\n")}\n`);
    const { text, data } = await callTool(
      tool,
      { file_path: join(cwd, "wide.txt"), offset: 1, limit: 1500 },
      context,
    );
    const [numbered, note] = text.split("\n\n");
    expect(numbered?.length).toBeLessThanOrEqual(100_000);
    expect(data.type === "text" && data.numLines).toBeLessThan(1500);
    const shown = data.type === "text" ? data.numLines : 0;
    expect(note).toContain(`offset ${shown + 1}`);
    expect(numbered?.split("\n").at(-1)).toBe(`${shown}\t${wide[shown - 1]}`);
  });

  it("says an empty file exists but is empty", async () => {
    const { cwd, tool, context } = await setup();
    await writeFile(join(cwd, "empty.txt"), "");
    const { text, data } = await callTool(tool, { file_path: join(cwd, "empty.txt") }, context);
    expect(data.type).toBe("empty");
    expect(text).toContain("exists but is empty");
  });

  it("gives the line count when offset is past the end", async () => {
    const { cwd, tool, context } = await setup();
    await writeFile(join(cwd, "short.txt"), "a\nb\nc\n");
    const { text, data } = await callTool(
      tool,
      { file_path: join(cwd, "short.txt"), offset: 10 },
      context,
    );
    expect(data).toMatchObject({ type: "past_end", offset: 10, totalLines: 3 });
    expect(text).toContain("It has 3 lines");
  });

  it("reads UTF-16LE text with a byte-order mark", async () => {
    const { cwd, tool, context } = await setup();
    const body = Buffer.from("héllo\nwörld\n", "utf16le");
    await writeFile(join(cwd, "u16.txt"), Buffer.concat([Buffer.from([0xff, 0xfe]), body]));
    const { text } = await callTool(tool, { file_path: join(cwd, "u16.txt") }, context);
    expect(text).toBe("1\théllo\n2\twörld");
  });

  it("drops a UTF-8 byte-order mark", async () => {
    const { cwd, tool, context } = await setup();
    await writeFile(
      join(cwd, "bom.txt"),
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from("first\n")]),
    );
    const { text } = await callTool(tool, { file_path: join(cwd, "bom.txt") }, context);
    expect(text).toBe("1\tfirst");
  });

  it("declares itself read-only, concurrency-safe and never spilled", async () => {
    const { tool } = await setup();
    const input = tool.inputSchema.parse({ file_path: "x" });
    expect(tool.isReadOnly(input)).toBe(true);
    expect(tool.isConcurrencySafe(input)).toBe(true);
    expect(tool.maxResultSizeChars).toBe(Number.POSITIVE_INFINITY);
    expect(tool.name).toBe("Read");
  });

  it("refuses unknown input fields (strict schema)", async () => {
    const { tool } = await setup();
    expect(tool.inputSchema.safeParse({ file_path: "x", pages: "1-2" }).success).toBe(false);
    expect(tool.inputSchema.safeParse({ file_path: "x", limit: 0 }).success).toBe(false);
  });
});
