import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { keepProjectRules, saveAllowRules } from "../../../src/cli/repl/allow-rules-file.js";
import { localSettingsPath } from "../../../src/cli/repl/commands/settings-json-file.js";

let dir: string;
let path: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "keel-allow-rules-"));
  path = localSettingsPath(dir);
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const read = async () => JSON.parse(await readFile(path, "utf8"));

describe("'don't ask again for this project' rules in .claude/settings.local.json", () => {
  it("creates the folder and the file with the rule", async () => {
    expect(await saveAllowRules(path, ["Bash(npm test:*)"])).toEqual({ saved: true });
    expect(await read()).toEqual({ permissions: { allow: ["Bash(npm test:*)"] } });
  });

  it("adds to the rules there, once, keeping every other key", async () => {
    await mkdir(join(dir, ".claude"));
    const before = {
      permissions: { allow: ["Read"], deny: ["Bash(rm:*)"], defaultMode: "default" },
      env: { A: "1" },
    };
    await writeFile(path, JSON.stringify(before));
    await saveAllowRules(path, ["Bash(npm test:*)", "Read"]);
    await saveAllowRules(path, ["Bash(npm test:*)"]);
    expect(await read()).toEqual({
      ...before,
      permissions: { ...before.permissions, allow: ["Read", "Bash(npm test:*)"] },
    });
  });

  it("leaves a file it cannot add to as it is and says why", async () => {
    await mkdir(join(dir, ".claude"));
    for (const [text, why] of [
      ["{ not json", "is not valid JSON"],
      ['"a string"', "does not hold a JSON object"],
      ['{ "permissions": [] }', "has a `permissions` that is not an object"],
      ['{ "permissions": { "allow": "Read" } }', "has a `permissions.allow` that is not a list"],
    ]) {
      await writeFile(path, text ?? "");
      const outcome = await saveAllowRules(path, ["Bash(make:*)"]);
      expect(!outcome.saved && outcome.why).toContain(`${path} ${why}`);
      expect(!outcome.saved && outcome.why).toMatch(/left as it is$/);
      expect(await readFile(path, "utf8")).toBe(text);
    }
  });

  it("warns, naming the file and the rule, when the rule holds for the session only", async () => {
    await mkdir(join(dir, ".claude"));
    await writeFile(path, "{ not json");
    const warnings: string[] = [];
    await keepProjectRules(dir, ["Bash(make:*)"], (text) => warnings.push(text));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain(`${path} is not valid JSON`);
    expect(warnings[0]).toContain("Bash(make:*) is allowed for this session only.");
    const none: string[] = [];
    await writeFile(path, "{}");
    await keepProjectRules(dir, ["Bash(make:*)"], (text) => none.push(text));
    expect(none).toEqual([]);
    expect(await read()).toEqual({ permissions: { allow: ["Bash(make:*)"] } });
  });
});
