import { symlink } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createGrepTool } from "../../../src/tools/builtin/grep/grep-tool.js";
import { gitInit, OLD_MTIME, setMtime, writeFiles } from "../glob/helpers.js";
import { callError, callTool, makeContext, TempFolders, toolsConfig } from "../read/helpers.js";

const temps = new TempFolders();
afterEach(() => temps.cleanup());

async function setup(files: Record<string, string>) {
  const cwd = await temps.make();
  await writeFiles(cwd, files);
  return {
    cwd,
    tool: createGrepTool(toolsConfig(cwd, await temps.make())),
    context: makeContext(cwd),
  };
}

const STORY = ["one", "two", "needle A", "three", "four", "five", "six", "needle B", "seven"].join(
  "\n",
);

describe("Grep's files_with_matches mode (the default)", () => {
  it("lists matching files as absolute paths, most recently modified first", async () => {
    const { cwd, tool, context } = await setup({
      "a.txt": "hit\n",
      "b/c.txt": "hit\n",
      "d.txt": "miss\n",
      "e.txt": "hit\n",
    });
    await setMtime(join(cwd, "a.txt"), OLD_MTIME + 1);
    await setMtime(join(cwd, "b/c.txt"), OLD_MTIME + 3);
    await setMtime(join(cwd, "e.txt"), OLD_MTIME + 2);
    const { data, text } = await callTool(tool, { pattern: "hit" }, context);
    const expected = [join(cwd, "b/c.txt"), join(cwd, "e.txt"), join(cwd, "a.txt")];
    expect(data).toMatchObject({ mode: "files_with_matches", filenames: expected, numFiles: 3 });
    expect(text).toBe(`Found 3 files\n${expected.join("\n")}`);
  });

  it('says "No matches found" when nothing matches', async () => {
    const { tool, context } = await setup({ "a.txt": "nothing here\n" });
    expect((await callTool(tool, { pattern: "absent" }, context)).text).toBe("No matches found");
    expect(
      (await callTool(tool, { pattern: "absent", output_mode: "content" }, context)).text,
    ).toBe("No matches found");
    expect((await callTool(tool, { pattern: "absent", output_mode: "count" }, context)).text).toBe(
      "No matches found",
    );
  });
});

describe("Grep's content mode", () => {
  it("shows matching lines with line numbers by default", async () => {
    const { cwd, tool, context } = await setup({ "s.txt": STORY });
    const { text } = await callTool(tool, { pattern: "needle", output_mode: "content" }, context);
    const file = join(cwd, "s.txt");
    expect(text).toBe(`${file}:3:needle A\n${file}:8:needle B`);
  });

  it("leaves line numbers out when -n is false", async () => {
    const { cwd, tool, context } = await setup({ "s.txt": STORY });
    const { text } = await callTool(
      tool,
      { pattern: "needle A", output_mode: "content", "-n": false },
      context,
    );
    expect(text).toBe(`${join(cwd, "s.txt")}:needle A`);
  });

  it("shows context lines with -A, -B and -C, groups separated by --", async () => {
    const { cwd, tool, context } = await setup({ "s.txt": STORY });
    const f = join(cwd, "s.txt");
    const after = await callTool(
      tool,
      { pattern: "needle", output_mode: "content", "-A": 1 },
      context,
    );
    expect(after.text).toBe(`${f}:3:needle A\n${f}-4-three\n--\n${f}:8:needle B\n${f}-9-seven`);
    const before = await callTool(
      tool,
      { pattern: "needle B", output_mode: "content", "-B": 2 },
      context,
    );
    expect(before.text).toBe(`${f}-6-five\n${f}-7-six\n${f}:8:needle B`);
    const around = await callTool(
      tool,
      { pattern: "needle A", output_mode: "content", "-C": 1 },
      context,
    );
    expect(around.text).toBe(`${f}-2-two\n${f}:3:needle A\n${f}-4-three`);
  });

  it("ignores case with -i", async () => {
    const { cwd, tool, context } = await setup({ "c.txt": "Hello\nhello\nHELLO\nbye\n" });
    const { text } = await callTool(
      tool,
      { pattern: "hello", output_mode: "content", "-i": true },
      context,
    );
    expect(text.split("\n")).toHaveLength(3);
    expect(text).toContain(`${join(cwd, "c.txt")}:3:HELLO`);
  });

  it("matches across lines with multiline", async () => {
    const { cwd, tool, context } = await setup({ "m.ts": "struct {\n  field: 1\n}\n" });
    const single = await callTool(
      tool,
      { pattern: "struct \\{.*field", output_mode: "content" },
      context,
    );
    expect(single.text).toBe("No matches found");
    const multi = await callTool(
      tool,
      { pattern: "struct \\{.*field", output_mode: "content", multiline: true },
      context,
    );
    expect(multi.text).toBe(`${join(cwd, "m.ts")}:1:struct {\n${join(cwd, "m.ts")}:2:  field: 1`);
  });

  it("searches a pattern that starts with a dash", async () => {
    const { cwd, tool, context } = await setup({ "flags.txt": "use --force here\n" });
    const { text } = await callTool(tool, { pattern: "--force", output_mode: "content" }, context);
    expect(text).toBe(`${join(cwd, "flags.txt")}:1:use --force here`);
  });

  it("searches a single file given as path", async () => {
    const { cwd, tool, context } = await setup({ "one.txt": "x\nneedle\n", "two.txt": "needle\n" });
    const { text } = await callTool(
      tool,
      { pattern: "needle", path: "one.txt", output_mode: "content" },
      context,
    );
    expect(text).toBe(`${join(cwd, "one.txt")}:2:needle`);
  });
});

describe("Grep's count mode", () => {
  it("gives matching lines per file and the totals", async () => {
    const { cwd, tool, context } = await setup({
      "a.txt": "x\nx\ny\n",
      "b.txt": "x\n",
      "c.txt": "y\n",
    });
    const { data, text } = await callTool(tool, { pattern: "x", output_mode: "count" }, context);
    expect(data).toMatchObject({ mode: "count", numFiles: 2, numMatches: 3 });
    expect(text).toBe(
      `${join(cwd, "a.txt")}:2\n${join(cwd, "b.txt")}:1\n\nFound 3 matching lines in 2 files.`,
    );
  });
});

describe("Grep pages with head_limit and offset", () => {
  const numbered = Array.from({ length: 30 }, (_, i) => `match ${i + 1}`).join("\n");

  it("shows head_limit lines from offset and names the next offset", async () => {
    const { cwd, tool, context } = await setup({ "n.txt": numbered });
    const f = join(cwd, "n.txt");
    const page = await callTool(
      tool,
      { pattern: "match", output_mode: "content", head_limit: 5, offset: 10 },
      context,
    );
    const [body, note] = page.text.split("\n\n");
    expect(body).toBe([11, 12, 13, 14, 15].map((n) => `${f}:${n}:match ${n}`).join("\n"));
    expect(note).toContain("offset 15");
    const last = await callTool(
      tool,
      { pattern: "match", output_mode: "content", head_limit: 5, offset: 25 },
      context,
    );
    expect(last.data.more).toBe(false);
    expect(last.text.split("\n")[0]).toBe(`${f}:26:match 26`);
  });

  it("shows everything with head_limit 0 and 250 lines by default", async () => {
    const many = Array.from({ length: 300 }, (_, i) => `hit ${i}`).join("\n");
    const { tool, context } = await setup({ "many.txt": many });
    const all = await callTool(
      tool,
      { pattern: "hit", output_mode: "content", head_limit: 0 },
      context,
    );
    expect(all.data.mode === "content" && all.data.lines).toHaveLength(300);
    const capped = await callTool(tool, { pattern: "hit", output_mode: "content" }, context);
    expect(capped.data.mode === "content" && capped.data.lines).toHaveLength(250);
    expect(capped.data.more).toBe(true);
  });

  it("pages files_with_matches and counts all files", async () => {
    const files = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`f${i}.txt`, "hit\n"]));
    const { cwd, tool, context } = await setup(files);
    for (let i = 0; i < 12; i++) await setMtime(join(cwd, `f${i}.txt`), OLD_MTIME + i);
    const page = await callTool(tool, { pattern: "hit", head_limit: 3, offset: 2 }, context);
    expect(page.data).toMatchObject({
      numFiles: 12,
      filenames: [9, 8, 7].map((i) => join(cwd, `f${i}.txt`)),
      more: true,
    });
    expect(page.text).toContain("Found 12 files");
    expect(page.text).toContain("offset 5");
  });
});

describe("Grep chooses files", () => {
  it("filters by glob, including brace alternatives and several globs", async () => {
    const { cwd, tool, context } = await setup({
      "a.ts": "hit",
      "b.tsx": "hit",
      "c.js": "hit",
      "d.md": "hit",
      "src/e.ts": "hit",
    });
    const braces = await callTool(tool, { pattern: "hit", glob: "*.{ts,tsx}" }, context);
    expect(braces.data.mode === "files_with_matches" && braces.data.filenames.sort()).toEqual(
      [join(cwd, "a.ts"), join(cwd, "b.tsx"), join(cwd, "src/e.ts")].sort(),
    );
    const several = await callTool(tool, { pattern: "hit", glob: "*.js, *.md" }, context);
    expect(several.data.mode === "files_with_matches" && several.data.filenames.sort()).toEqual(
      [join(cwd, "c.js"), join(cwd, "d.md")].sort(),
    );
    const anchored = await callTool(
      tool,
      { pattern: "hit", glob: "src/**", output_mode: "content" },
      context,
    );
    expect(anchored.text).toBe(`${join(cwd, "src/e.ts")}:1:hit`);
    const excluded = await callTool(
      tool,
      { pattern: "hit", glob: "!*.ts", output_mode: "count" },
      context,
    );
    expect(excluded.data).toMatchObject({ numFiles: 3 });
  });

  it("filters by ripgrep file type", async () => {
    const { cwd, tool, context } = await setup({ "a.py": "hit", "b.rs": "hit" });
    const { data } = await callTool(tool, { pattern: "hit", type: "py" }, context);
    expect(data).toMatchObject({ filenames: [join(cwd, "a.py")] });
  });

  it("respects .gitignore, also for files a glob names", async () => {
    const { cwd, tool, context } = await setup({
      ".gitignore": "dist/\ngenerated.ts\n",
      "src/app.ts": "hit",
      "src/generated.ts": "hit",
      "dist/app.js": "hit",
    });
    gitInit(cwd);
    const plain = await callTool(tool, { pattern: "hit" }, context);
    expect(plain.data).toMatchObject({ filenames: [join(cwd, "src/app.ts")] });
    const globbed = await callTool(
      tool,
      { pattern: "hit", glob: "*.ts", output_mode: "content" },
      context,
    );
    expect(globbed.text).toBe(`${join(cwd, "src/app.ts")}:1:hit`);
    const everything = await callTool(
      tool,
      { pattern: "hit", glob: "**", output_mode: "count" },
      context,
    );
    expect(everything.data).toMatchObject({ numFiles: 1 });
  });

  it("searches hidden files but never the .git folder", async () => {
    const { cwd, tool, context } = await setup({
      ".env": "SECRET=hit",
      ".github/ci.yml": "run: hit",
    });
    gitInit(cwd);
    await writeFiles(cwd, { ".git/notes.txt": "hit" });
    const { data } = await callTool(tool, { pattern: "hit" }, context);
    expect(data.mode === "files_with_matches" && data.filenames.sort()).toEqual(
      [join(cwd, ".env"), join(cwd, ".github/ci.yml")].sort(),
    );
  });

  it("keeps context separators only between the files a glob keeps", async () => {
    const { cwd, tool, context } = await setup({
      "a.ts": "x\nhit\ny\n",
      "b.md": "hit\n",
      "c.ts": "hit\n",
    });
    const { text } = await callTool(
      tool,
      { pattern: "hit", glob: "*.ts", output_mode: "content", "-C": 1 },
      context,
    );
    const a = join(cwd, "a.ts");
    expect(text).toBe(`${a}-1-x\n${a}:2:hit\n${a}-3-y\n--\n${join(cwd, "c.ts")}:1:hit`);
  });
});

describe("Grep errors", () => {
  it("quotes ripgrep for an invalid regular expression", async () => {
    const { tool, context } = await setup({ "a.txt": "x" });
    const message = await callError(tool, { pattern: "fn(" }, context);
    expect(message).toContain("not a valid regular expression");
    expect(message).toContain("regex parse error");
  });

  it("quotes ripgrep for an unknown file type", async () => {
    const { tool, context } = await setup({ "a.txt": "x" });
    expect(await callError(tool, { pattern: "x", type: "nonsense-type" }, context)).toContain(
      "nonsense-type",
    );
  });

  it("says when the path does not exist", async () => {
    const { cwd, tool, context } = await setup({});
    expect(await callError(tool, { pattern: "x", path: "gone" }, context)).toContain(
      `Path does not exist: ${join(cwd, "gone")}`,
    );
  });

  it("explains a malformed glob", async () => {
    const { tool, context } = await setup({});
    expect(await callError(tool, { pattern: "x", glob: "*.{ts" }, context)).toContain(
      "a { has no closing }",
    );
  });
});

describe("Grep as a tool", () => {
  it("is read-only and concurrency-safe with a 20,000-character result cap", async () => {
    const { tool, context } = await setup({});
    const input = tool.inputSchema.parse({ pattern: "x" });
    expect(tool.isReadOnly(input) && tool.isConcurrencySafe(input)).toBe(true);
    expect(tool.maxResultSizeChars).toBe(20_000);
    expect(await tool.checkPermissions?.(input, context)).toEqual({ behavior: "allow" });
    const outside = tool.inputSchema.parse({ pattern: "x", path: "/etc" });
    expect(await tool.checkPermissions?.(outside, context)).toMatchObject({ behavior: "ask" });
  });

  it("judges a linked folder by where it leads", async () => {
    const { cwd, tool, context } = await setup({});
    const elsewhere = await temps.make();
    await symlink(elsewhere, join(cwd, "linked-out"));
    const input = tool.inputSchema.parse({ pattern: "x", path: "linked-out" });
    expect(await tool.checkPermissions?.(input, context)).toMatchObject({ behavior: "ask" });
    await writeFiles(cwd, { "real/in.txt": "x" });
    await symlink(join(cwd, "real"), join(elsewhere, "linked-in"));
    const back = tool.inputSchema.parse({ pattern: "x", path: join(elsewhere, "linked-in") });
    expect(await tool.checkPermissions?.(back, context)).toEqual({ behavior: "allow" });
    const { data } = await callTool(tool, back, context);
    expect(data).toMatchObject({ filenames: [join(elsewhere, "linked-in", "in.txt")] });
  });
});
