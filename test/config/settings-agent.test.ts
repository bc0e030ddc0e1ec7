import { mkdir, mkdtemp, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadSettings } from "../../src/config/settings/load.js";

let base: string;
let roots: { home: string; stateDir: string; cwd: string };

beforeEach(async () => {
  base = await realpath(await mkdtemp(join(tmpdir(), "keel-settings-agent-")));
  roots = { home: join(base, "home"), stateDir: join(base, "home/.keel"), cwd: join(base, "proj") };
});
afterEach(async () => {
  await rm(base, { recursive: true, force: true });
});

async function put(path: string, value: unknown): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, JSON.stringify(value));
}

describe("the agent setting (the agent the main thread runs as)", () => {
  it("is absent when no settings file sets it", async () => {
    expect((await loadSettings(roots)).agent).toBeUndefined();
  });

  it("comes from the highest source that sets it: --settings > local > project > user", async () => {
    await put(join(roots.home, ".claude/settings.json"), { agent: "from-user" });
    expect((await loadSettings(roots)).agent).toBe("from-user");
    await put(join(roots.cwd, ".claude/settings.json"), { agent: "from-project" });
    expect((await loadSettings(roots)).agent).toBe("from-project");
    await put(join(roots.cwd, ".claude/settings.local.json"), { agent: "from-local" });
    expect((await loadSettings(roots)).agent).toBe("from-local");
    const flag = { settings: JSON.stringify({ agent: "from-flag" }) };
    expect((await loadSettings({ ...roots, cli: flag })).agent).toBe("from-flag");
  });

  it("must be a string: another value is named with file and key, and skipped (contracts §12)", async () => {
    const path = join(roots.cwd, ".claude/settings.json");
    await put(path, { agent: { name: "reviewer" } });
    const settings = await loadSettings(roots);
    expect(settings.agent).toBeUndefined();
    expect(settings.warnings).toEqual([
      `${path}: agent: Invalid input: expected string, received object; skipped`,
    ]);
  });
});
