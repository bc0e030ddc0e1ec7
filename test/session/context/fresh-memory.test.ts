import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { withFreshMemory } from "../../../src/session/context/fresh-memory.js";

let root: string;
let cwd: string;
let home: string;

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), "keel-fresh-memory-"));
  cwd = join(root, "project");
  home = join(root, "home");
  await mkdir(cwd, { recursive: true });
  await mkdir(home, { recursive: true });
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const started = {
  systemPrompt: "the prompt the session started with",
  userContext: { claudeMd: "old memory", currentDate: "Today's date is 2026-01-01." },
};

describe("re-reading the memory files of a running session", () => {
  it("replaces only claudeMd, keeping the system prompt and the rest of the user context", async () => {
    await writeFile(join(cwd, "CLAUDE.md"), "Always answer in French.\n");
    const loaded = new Set<string>();
    const context = await withFreshMemory(
      { ...started, userContext: { ...started.userContext, sessionStartHooks: "hook said hi" } },
      { cwd, home, stateDir: join(root, "state"), loaded },
    );
    expect(context.systemPrompt).toBe(started.systemPrompt);
    expect(Object.keys(context.userContext)).toEqual([
      "claudeMd",
      "currentDate",
      "sessionStartHooks",
    ]);
    expect(context.userContext.claudeMd).toContain("Always answer in French.");
    expect(context.userContext.claudeMd).not.toContain("old memory");
    expect(context.userContext.sessionStartHooks).toBe("hook said hi");
    expect([...loaded]).toEqual([join(cwd, "CLAUDE.md")]);
  });

  it("drops claudeMd when no memory file is left", async () => {
    const context = await withFreshMemory(started, { cwd, home, stateDir: join(root, "state") });
    expect(context.userContext).toEqual({ currentDate: started.userContext.currentDate });
  });
});
