import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { saveSandboxMode } from "../../../../src/cli/repl/commands/sandbox-settings-file.js";
import { localSettingsPath } from "../../../../src/cli/repl/commands/settings-json-file.js";

let dir: string;
let path: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "keel-sandbox-settings-"));
  path = localSettingsPath(dir);
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const read = async () => JSON.parse(await readFile(path, "utf8"));

describe("saving the /sandbox mode to .claude/settings.local.json", () => {
  it("creates the .claude folder and the file when neither exists", async () => {
    expect(path).toBe(join(dir, ".claude", "settings.local.json"));
    expect(await saveSandboxMode(path, { enabled: true, autoAllow: true })).toEqual({
      saved: true,
    });
    expect(await read()).toEqual({ sandbox: { enabled: true, autoAllowBashIfSandboxed: true } });
  });

  it("keeps every other key, in and out of the sandbox block", async () => {
    await mkdir(join(dir, ".claude"));
    const before = {
      permissions: { allow: ["Bash(npm test:*)"] },
      sandbox: { enabled: true, autoAllowBashIfSandboxed: true, excludedCommands: ["docker:*"] },
      env: { A: "1" },
    };
    await writeFile(path, JSON.stringify(before));
    expect(await saveSandboxMode(path, { enabled: false, autoAllow: false })).toEqual({
      saved: true,
    });
    expect(await read()).toEqual({
      ...before,
      sandbox: { enabled: false, autoAllowBashIfSandboxed: false, excludedCommands: ["docker:*"] },
    });
  });

  it("treats an empty file as no settings", async () => {
    await mkdir(join(dir, ".claude"));
    await writeFile(path, "\n");
    await saveSandboxMode(path, { enabled: true, autoAllow: false });
    expect(await read()).toEqual({ sandbox: { enabled: true, autoAllowBashIfSandboxed: false } });
  });

  it("leaves a file that is not a JSON object as it is and says why", async () => {
    await mkdir(join(dir, ".claude"));
    for (const [text, why] of [
      ['{ "permissions": ', "is not valid JSON"],
      ["[1, 2]", "does not hold a JSON object"],
      ['{ "sandbox": true }', "has a `sandbox` that is not an object"],
    ]) {
      await writeFile(path, text ?? "");
      const outcome = await saveSandboxMode(path, { enabled: true, autoAllow: true });
      expect(outcome.saved).toBe(false);
      expect(!outcome.saved && outcome.why).toContain(`${path} ${why}`);
      expect(!outcome.saved && outcome.why).toMatch(/left as it is$/);
      expect(await readFile(path, "utf8")).toBe(text);
    }
  });
});
