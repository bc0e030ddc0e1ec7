import { symlink } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { mergeSettingsLayers } from "../../src/config/settings/merge.js";
import { createPermissionEngine } from "../../src/policy/engine.js";
import { createGlobTool } from "../../src/tools/builtin/glob/glob-tool.js";
import { createGrepTool } from "../../src/tools/builtin/grep/grep-tool.js";
import type { ReadDenial } from "../../src/tools/read-denial.js";
import { writeFiles } from "./glob/helpers.js";
import { callTool, makeContext, TempFolders, toolsConfig } from "./read/helpers.js";

// Read deny rules do not refuse a search of a whole folder; the search leaves the denied
// files out, whether the rule names them, a link leads to them, or a bare name matches deep.
const temps = new TempFolders();
afterEach(() => temps.cleanup());

const FILES = {
  "src/a.ts": "const token = 'MARK';\n",
  "secrets/key": "MARK key\n",
  "secrets/nested/db.json": '{"MARK": 1}\n',
  ".env": "MARK=1\n",
  "deep/er/.env": "MARK=2\n",
  "notes.txt": "MARK notes\n",
};

async function setup(deny: string[]) {
  const root = await temps.make();
  await writeFiles(root, FILES);
  await symlink(join(root, "secrets"), join(root, "link"));
  const state = await temps.make();
  const settings = mergeSettingsLayers(
    [
      {
        source: "project",
        origin: join(root, ".claude/settings.json"),
        settings: { permissions: { deny } },
      },
    ],
    { home: root, stateDir: state, cwd: root },
  );
  const engine = createPermissionEngine({ settings, cwd: root, stateDir: state, home: root });
  const context = makeContext(root);
  context.options = { ...context.options, readDenial: engine.readDenial };
  const config = toolsConfig(root, state);
  return { root, engine, context, grep: createGrepTool(config), glob: createGlobTool(config) };
}

const relative = (root: string, text: string) => text.replaceAll(`${root}/`, "");

describe("Grep and Glob leave out what Read deny rules withhold", () => {
  it("Grep with no path finds matches everywhere but in denied files, in every output mode", async () => {
    const { root, grep, context } = await setup(["Read(./secrets/**)", "Read(.env)"]);
    for (const output_mode of ["files_with_matches", "content", "count"]) {
      const { text } = await callTool(grep, { pattern: "MARK", output_mode }, context);
      const shown = relative(root, text);
      expect(shown).toContain("src/a.ts");
      expect(shown).toContain("notes.txt");
      expect(shown).not.toMatch(/secrets|\.env|link\//);
    }
  });

  it("Grep aimed into a denied folder, directly or through a link, shows nothing of it", async () => {
    const { grep, context } = await setup(["Read(./secrets/**)"]);
    for (const path of ["secrets", "link", "secrets/nested"]) {
      const { text } = await callTool(
        grep,
        { pattern: "MARK", path, output_mode: "content" },
        context,
      );
      expect(text).toBe("No matches found");
    }
  });

  it("Glob lists no denied file, whatever the pattern", async () => {
    const { root, glob, context } = await setup(["Read(./secrets/**)", "Read(.env)"]);
    for (const pattern of ["secrets/*", "**/*", "link/*", "**/.env", "secre*/**"]) {
      const { text } = await callTool(glob, { pattern }, context);
      expect(relative(root, text)).not.toMatch(/secrets\/|\.env|link\//);
    }
    const { text } = await callTool(glob, { pattern: "src/*" }, context);
    expect(relative(root, text)).toContain("src/a.ts");
  });

  it("follows rules added during the session", async () => {
    const { root, engine, grep, context } = await setup([]);
    expect(relative(root, (await callTool(grep, { pattern: "MARK" }, context)).text)).toContain(
      "notes.txt",
    );
    engine.addSessionRules(["Read(notes.txt)"], "deny");
    expect(relative(root, (await callTool(grep, { pattern: "MARK" }, context)).text)).not.toContain(
      "notes.txt",
    );
  });
});

describe("ReadDenial", () => {
  async function denial(deny: string[]): Promise<{ root: string; denial: ReadDenial }> {
    const { root, engine } = await setup(deny);
    return { root, denial: engine.readDenial };
  }

  it("matches files as listed and where links lead", async () => {
    const { root, denial: d } = await denial(["Read(./secrets/**)"]);
    expect(d.denies(join(root, "secrets/key"))).toBe(true);
    expect(d.denies(join(root, "link/key"))).toBe(true);
    expect(d.denies(join(root, "src/a.ts"))).toBe(false);
  });

  it("gives ripgrep the exclusions it can apply from the search folder", async () => {
    const { root, denial: d } = await denial([
      "Read(./secrets/**)",
      "Read(*.pem)",
      "Read(~/.ssh/**)",
    ]);
    expect(d.excludeGlobs(root)).toEqual(["!/secrets/**", "!*.pem", "!/.ssh/**"]);
    // From inside the rule's folder the anchored pattern cannot be re-anchored: denies() filters.
    expect(d.excludeGlobs(join(root, "secrets"))).toEqual(["!*.pem"]);
  });
});
