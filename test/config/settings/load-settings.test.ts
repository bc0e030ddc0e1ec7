import { mkdir, mkdtemp, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SettingsError } from "../../../src/config/settings/errors.js";
import { type LoadSettingsOptions, loadSettings } from "../../../src/config/settings/load.js";

let base: string;
let roots: { home: string; stateDir: string; cwd: string };

beforeEach(async () => {
  base = await realpath(await mkdtemp(join(tmpdir(), "keel-settings-")));
  roots = { home: join(base, "home"), stateDir: join(base, "home/.keel"), cwd: join(base, "proj") };
});
afterEach(async () => {
  await rm(base, { recursive: true, force: true });
});

async function put(path: string, value: unknown): Promise<string> {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, typeof value === "string" ? value : JSON.stringify(value));
  return path;
}

const userClaude = () => join(roots.home, ".claude/settings.json");
const userKeel = () => join(roots.stateDir, "settings.json");
const project = () => join(roots.cwd, ".claude/settings.json");
const local = () => join(roots.cwd, ".claude/settings.local.json");

async function load(extra: Partial<LoadSettingsOptions> = {}) {
  return loadSettings({ ...roots, ...extra });
}

async function loadError(extra: Partial<LoadSettingsOptions> = {}): Promise<SettingsError> {
  const error = await load(extra).then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof SettingsError))
    throw new Error(`expected a SettingsError, got ${String(error)}`);
  return error;
}

describe("settings precedence and merging", () => {
  it("missing files are fine and give defaults", async () => {
    const s = await load();
    expect(s).toMatchObject({
      rules: [],
      permissionMode: "default",
      additionalDirectories: [],
      files: [],
    });
  });

  it("takes scalars from the highest source: CLI > --settings > local > project > keel user > claude user", async () => {
    await put(userClaude(), { model: "a", permissions: { defaultMode: "plan" } });
    expect((await load()).model).toBe("a");
    await put(userKeel(), { model: "b", permissions: { defaultMode: "acceptEdits" } });
    expect((await load()).model).toBe("b");
    await put(project(), { model: "c" });
    expect((await load()).model).toBe("c");
    await put(local(), { model: "d", permissions: { defaultMode: "dontAsk" } });
    expect(await load()).toMatchObject({ model: "d", permissionMode: "dontAsk" });
    const flagged = await load({
      cli: { settings: '{"model":"e","permissions":{"defaultMode":"plan"}}' },
    });
    expect(flagged).toMatchObject({ model: "e", permissionMode: "plan" });
    const cli = await load({
      cli: {
        settings: '{"permissions":{"defaultMode":"plan"}}',
        permissionMode: "bypassPermissions",
      },
    });
    expect(cli.permissionMode).toBe("bypassPermissions");
  });

  it("concatenates rule arrays across sources, highest first, each rule keeping its source and anchor", async () => {
    await put(userClaude(), { permissions: { deny: ["Read(/a)"] } });
    await put(userKeel(), { permissions: { deny: ["Read(/b)"] } });
    await put(project(), { permissions: { allow: ["Bash(npm test:*)"], deny: ["Read(/c)"] } });
    await put(local(), { permissions: { ask: ["Bash(git push:*)"] } });
    const s = await load({
      cli: { allowedTools: ["Bash(git log:*) Edit"], disallowedTools: ["WebFetch,Bash(rm:*)"] },
    });
    const summary = s.rules.map((r) => [r.behavior, r.text, r.source, r.root]);
    expect(summary).toEqual([
      ["deny", "WebFetch", "cli", roots.cwd],
      ["deny", "Bash(rm:*)", "cli", roots.cwd],
      ["allow", "Bash(git log:*)", "cli", roots.cwd],
      ["allow", "Edit", "cli", roots.cwd],
      ["ask", "Bash(git push:*)", "local", roots.cwd],
      ["deny", "Read(/c)", "project", roots.cwd],
      ["allow", "Bash(npm test:*)", "project", roots.cwd],
      ["deny", "Read(/b)", "userKeel", roots.stateDir],
      ["deny", "Read(/a)", "userClaude", join(roots.home, ".claude")],
    ]);
    expect(s.files).toEqual([userClaude(), userKeel(), project(), local()]);
  });

  it("keeps one copy of a rule repeated in two sources with the same anchor (the higher one)", async () => {
    await put(project(), { permissions: { deny: ["Bash(rm:*)"] } });
    await put(local(), { permissions: { deny: ["Bash(rm:*)"] } });
    const s = await load();
    expect(s.rules.map((r) => r.source)).toEqual(["local"]);
  });

  it("merges env per variable, additional directories from every source, and keeps hooks per source", async () => {
    await put(userClaude(), {
      env: { A: "1", B: "1" },
      hooks: { Stop: [] },
      permissions: { additionalDirectories: ["~/docs"] },
    });
    await put(project(), {
      env: { B: "2" },
      hooks: { PreToolUse: [] },
      permissions: { additionalDirectories: ["../lib", "~/docs"] },
    });
    const s = await load({ cli: { additionalDirectories: [join(base, "extra")] } });
    expect(s.env).toEqual({ A: "1", B: "2" });
    expect(s.additionalDirectories).toEqual([
      join(roots.home, "docs"),
      join(base, "lib"),
      join(base, "extra"),
    ]);
    expect(s.hooks.map((h) => [h.source, h.hooks])).toEqual([
      ["userClaude", { Stop: [] }],
      ["project", { PreToolUse: [] }],
    ]);
  });

  it("keeps unknown keys without failing, and warns about a mode keel does not have", async () => {
    await put(project(), {
      $schema: "x",
      spinnerTipsEnabled: false,
      permissions: { defaultMode: "auto", weird: 1 },
    });
    const s = await load();
    expect(s.permissionMode).toBe("default");
    expect(s.warnings.join("\n")).toContain("permissions.defaultMode");
  });

  it("reads --settings from a file relative to the working folder", async () => {
    await put(join(roots.cwd, "ci.json"), { permissions: { allow: ["Bash(make:*)"] } });
    const s = await load({ cli: { settings: "ci.json" } });
    expect(s.rules).toMatchObject([
      { text: "Bash(make:*)", source: "flagSettings", origin: join(roots.cwd, "ci.json") },
    ]);
  });

  it("disableBypassPermissionsMode turns a bypassPermissions start into default", async () => {
    await put(userClaude(), { permissions: { disableBypassPermissionsMode: "disable" } });
    const s = await load({ cli: { permissionMode: "bypassPermissions" } });
    expect(s).toMatchObject({ permissionMode: "default", bypassDisabled: true });
  });
});

describe("broken settings refuse to load", () => {
  it("invalid JSON names the file", async () => {
    const path = await put(project(), '{"permissions": {"deny": ["Bash(rm:*)",]}}');
    const error = await loadError();
    expect(error.file).toBe(path);
    expect(error.message).toContain(path);
    expect(error.message).toContain("not valid JSON");
  });

  it("a wrong type names the file and the JSON path", async () => {
    const path = await put(local(), { permissions: { deny: ["Read(./.env)", "Bash(rm:*)", 42] } });
    const error = await loadError();
    expect(error.jsonPath).toBe("permissions.deny[2]");
    expect(error.message).toContain(`${path}: permissions.deny[2]:`);
    expect(error.message).toMatch(/string/);
  });

  it("permissions that are not an object refuse to load", async () => {
    await put(project(), { permissions: "deny everything" });
    expect((await loadError()).jsonPath).toBe("permissions");
  });

  it("env values that are not strings name their path", async () => {
    await put(userKeel(), { env: { PORT: 80 } });
    expect((await loadError()).jsonPath).toBe("env.PORT");
  });

  it("a malformed deny rule refuses to load; a malformed allow rule is a warning", async () => {
    await put(project(), { permissions: { allow: ["Bash(ls"], deny: ["Read(./x", "Bash(rm:*)"] } });
    const error = await loadError();
    expect(error.jsonPath).toBe("permissions.deny[0]");
    await put(project(), { permissions: { allow: ["Bash(ls"] } });
    const s = await load();
    expect(s.rules).toEqual([]);
    expect(s.warnings.join()).toContain("permissions.allow[0]");
  });

  it("a settings file that exists but cannot be read refuses to load (its deny rules are not dropped)", async () => {
    const path = await put(project(), { permissions: { deny: ["Bash"] } });
    const readText = async (file: string) => {
      if (file === path)
        throw Object.assign(new Error("EACCES: permission denied"), { code: "EACCES" });
      throw Object.assign(new Error("ENOENT"), { code: "ENOENT" });
    };
    const error = await loadError({ readText });
    expect(error.message).toContain(path);
    expect(error.message).toContain("EACCES");
  });

  it("a settings path that is a folder refuses to load", async () => {
    await mkdir(local(), { recursive: true });
    expect((await loadError()).file).toBe(local());
  });

  it("a --settings file that does not exist, or inline JSON that is broken, refuses to load", async () => {
    expect((await loadError({ cli: { settings: "nope.json" } })).message).toContain("nope.json");
    expect((await loadError({ cli: { settings: "{oops" } })).file).toBe("--settings (inline JSON)");
  });
});
