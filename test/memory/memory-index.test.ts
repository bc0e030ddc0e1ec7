import { mkdir, mkdtemp, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { autoMemoryEnabled } from "../../src/memory/auto-memory-enabled.js";
import { autoMemoryDir } from "../../src/memory/auto-memory-paths.js";
import {
  loadMemoryIndex,
  MAX_INDEX_BYTES,
  MAX_INDEX_LINES,
  truncateIndex,
} from "../../src/memory/memory-index.js";

let dir: string;
beforeEach(async () => {
  dir = await realpath(await mkdtemp(join(tmpdir(), "keel-memindex-")));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const numbered = (count: number, width = 10) =>
  Array.from({ length: count }, (_, i) => `- line ${String(i + 1).padStart(width, "0")}`).join(
    "\n",
  );

describe("the memory index as loaded", () => {
  it("loads an index within its limits whole", async () => {
    await writeFile(join(dir, "MEMORY.md"), numbered(MAX_INDEX_LINES));
    const index = await loadMemoryIndex(dir);
    expect(index).toEqual({ text: numbered(MAX_INDEX_LINES), truncated: false });
  });

  it("cuts at 200 lines and says so", async () => {
    await writeFile(join(dir, "MEMORY.md"), numbered(MAX_INDEX_LINES + 5));
    const index = await loadMemoryIndex(dir);
    expect(index.truncated).toBe(true);
    expect(index.text).toContain(`- line ${"200".padStart(10, "0")}\n`);
    expect(index.text).not.toContain(`- line ${"201".padStart(10, "0")}`);
    expect(index.text).toContain("WARNING: MEMORY.md is longer than 200 lines or 25000 bytes");
  });

  it("cuts at 25,000 bytes on a line boundary, counting UTF-8 bytes", () => {
    const line = "é".repeat(499); // 998 bytes + newline
    const text = Array.from({ length: 30 }, () => line).join("\n");
    const index = truncateIndex(text);
    const kept = index.text.split("\n\n> WARNING")[0] ?? "";
    expect(index.truncated).toBe(true);
    expect(kept.split("\n")).toHaveLength(25); // 25 × 999 − 1 = 24,974 bytes; a 26th would pass
    expect(Buffer.byteLength(kept)).toBeLessThanOrEqual(MAX_INDEX_BYTES);
  });

  it("is empty when the folder has no index yet", async () => {
    expect(await loadMemoryIndex(join(dir, "missing"))).toEqual({ text: "", truncated: false });
  });
});

describe("where auto memory lives and when it is on", () => {
  it("is keyed by the git root, so a subfolder shares the project's memory", async () => {
    await mkdir(join(dir, "repo", ".git"), { recursive: true });
    await mkdir(join(dir, "repo", "a", "b"), { recursive: true });
    const fromSub = await autoMemoryDir("/state", join(dir, "repo", "a", "b"));
    expect(fromSub).toBe(await autoMemoryDir("/state", join(dir, "repo")));
    expect(fromSub).toBe(
      join("/state", "projects", join(dir, "repo").replace(/[^a-zA-Z0-9]/g, "-"), "memory"),
    );
  });

  it("is on in the REPL and off in print mode by default; the setting and the variable decide", () => {
    const base = { env: {}, bare: false };
    expect(autoMemoryEnabled({ ...base, print: false })).toBe(true);
    expect(autoMemoryEnabled({ ...base, print: true })).toBe(false);
    expect(autoMemoryEnabled({ ...base, print: true, setting: true })).toBe(true);
    expect(autoMemoryEnabled({ ...base, print: false, setting: false })).toBe(false);
    expect(autoMemoryEnabled({ ...base, bare: true, print: false })).toBe(false);
    const off = { CLAUDE_CODE_DISABLE_AUTO_MEMORY: "1" };
    expect(autoMemoryEnabled({ env: off, bare: false, print: false, setting: true })).toBe(false);
  });
});
