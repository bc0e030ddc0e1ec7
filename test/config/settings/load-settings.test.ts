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

  it("says which keys have no effect or are unknown, and takes Claude Code's auto mode", async () => {
    const path = await put(project(), {
      $schema: "x",
      spinnerTipsEnabled: false,
      permissions: { defaultMode: "auto", weird: 1, denyInsteadOfPrompting: true },
      mistery: true,
    });
    const s = await load();
    expect(s.permissionMode).toBe("auto");
    expect(s.warnings).toEqual([
      `${path}: spinnerTipsEnabled: a Claude Code setting keel does not have; no effect`,
      `${path}: permissions.weird: not a permissions setting keel or Claude Code knows; skipped`,
      `${path}: permissions.denyInsteadOfPrompting: a Claude Code setting keel does not have; no effect`,
      `${path}: mistery: not a setting keel or Claude Code knows; skipped`,
    ]);
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

  it("disableAutoMode, at the top level or in permissions, turns an auto start into default", async () => {
    for (const settings of [
      { disableAutoMode: "disable" },
      { permissions: { disableAutoMode: "disable" } },
    ]) {
      await put(userClaude(), settings);
      const s = await load({ cli: { permissionMode: "auto" } });
      expect(s).toMatchObject({ permissionMode: "default", autoDisabled: true });
      expect(s.warnings).toContain(
        'auto mode is disabled by disableAutoMode: "disable"; using default',
      );
    }
    await put(userClaude(), {});
    expect(await load({ cli: { permissionMode: "auto" } })).toMatchObject({
      permissionMode: "auto",
      autoDisabled: false,
    });
  });
});

describe("a bad value is reported with file and key and skipped; the rest of the file applies", () => {
  it("a wrong type outside permissions, hooks and sandbox skips that key only", async () => {
    const path = await put(project(), {
      model: 42,
      agent: "reviewer",
      env: { PORT: 80, HOST: "h" },
      mcpServers: [],
      enabledMcpjsonServers: ["a", 1],
      permissions: { deny: ["Bash(rm:*)"] },
    });
    const s = await load();
    expect(s.model).toBeUndefined();
    expect(s.agent).toBe("reviewer");
    expect(s.env).toEqual({ HOST: "h" });
    expect(s.rules.map((r) => r.text)).toEqual(["Bash(rm:*)"]);
    expect(s.warnings).toEqual([
      `${path}: model: Invalid input: expected string, received number; skipped`,
      `${path}: env.PORT: expected a string, got number; skipped`,
      `${path}: mcpServers: Invalid input: expected record, received array; skipped`,
      `${path}: enabledMcpjsonServers[1]: Invalid input: expected string, received number; skipped`,
    ]);
  });

  it("a file that is not JSON, or not an object, is skipped whole and the other files apply", async () => {
    const broken = await put(project(), '{"permissions": {"deny": ["Bash(rm:*)",]}}');
    const list = await put(local(), "[1, 2]");
    await put(userClaude(), { model: "opus" });
    const s = await load();
    expect(s.model).toBe("opus");
    expect(s.files).toEqual([userClaude()]);
    expect(s.warnings).toHaveLength(2);
    expect(s.warnings[0]).toMatch(
      new RegExp(`^${broken}: is not valid JSON \\(.*\\); the whole file is skipped$`),
    );
    expect(s.warnings[1]).toBe(
      `${list}: is not a settings object (a JSON object of settings); the whole file is skipped`,
    );
  });

  it("a file that cannot be read, or is a folder, is skipped whole", async () => {
    const path = await put(project(), { permissions: { deny: ["Bash"] } });
    const readText = async (file: string) => {
      if (file === path)
        throw Object.assign(new Error("EACCES: permission denied"), { code: "EACCES" });
      throw Object.assign(new Error("ENOENT"), { code: "ENOENT" });
    };
    expect((await load({ readText })).warnings).toEqual([
      `${path}: cannot be read (EACCES); the whole file is skipped`,
    ]);
    await mkdir(local(), { recursive: true });
    expect((await load()).warnings.at(-1)).toBe(
      `${local()}: cannot be read (EISDIR); the whole file is skipped`,
    );
  });

  it("a malformed allow rule or added folder is skipped (that only asks more)", async () => {
    const path = await put(project(), {
      permissions: { allow: ["Bash(ls", 7, "Edit"], additionalDirectories: ["../a", false] },
    });
    const s = await load();
    expect(s.rules.map((r) => r.text)).toEqual(["Edit"]);
    expect(s.additionalDirectories).toEqual([join(base, "a")]);
    expect(s.warnings).toEqual([
      `${path}: permissions.allow[0]: "Bash(ls" must end with ")"; skipped`,
      `${path}: permissions.allow[1]: expected a rule (a string); skipped`,
      `${path}: permissions.additionalDirectories[1]: expected a folder (a string); skipped`,
    ]);
  });
});

describe("a broken permissions, hooks or sandbox setting stops keel, naming file and key", () => {
  it("permissions that are not an object, deny and ask rules that do not parse, unknown modes", async () => {
    const path = await put(project(), "{}");
    const cases: [unknown, string][] = [
      ["deny everything", "permissions"],
      [{ deny: ["Read(./.env)", 42] }, "permissions.deny[1]"],
      [{ deny: "Bash(rm:*)" }, "permissions.deny"],
      [{ ask: ["Bash(git push"] }, "permissions.ask[0]"],
      [{ defaultMode: "yolo" }, "permissions.defaultMode"],
      [{ disableBypassPermissionsMode: true }, "permissions.disableBypassPermissionsMode"],
      [{ disableAutoMode: "off" }, "permissions.disableAutoMode"],
    ];
    for (const [permissions, key] of cases) {
      await put(project(), { model: "m", permissions });
      const error = await loadError();
      expect(error.problems.map((p) => [p.file, p.key, p.effect])).toEqual([[path, key, "stops"]]);
      expect(error.message.startsWith(`${path}: ${key}: `)).toBe(true);
    }
  });

  it("a broken hook or sandbox value stops keel; every such problem is named", async () => {
    const path = await put(local(), {
      hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command" }] }] },
      sandbox: { enabled: "yes" },
    });
    const error = await loadError();
    expect(error.problems.map((p) => p.key)).toEqual([
      "hooks.PreToolUse[0].hooks[0].command",
      "sandbox.enabled",
    ]);
    expect(error.message.split("\n")[0]).toBe("settings keel will not run with:");
    expect(error.message).toContain(`  ${path}: sandbox.enabled: `);
  });

  it("a bad deny rule on the command line stops keel; a bad allow rule there is skipped", async () => {
    const error = await loadError({ cli: { disallowedTools: ["Bash(rm"] } });
    expect(error.message).toBe('command line: permissions.deny[0]: "Bash(rm" must end with ")"');
    const s = await load({ cli: { allowedTools: ["Bash(ls"] } });
    expect(s.warnings).toEqual([
      'command line: permissions.allow[0]: "Bash(ls" must end with ")"; skipped',
    ]);
  });

  it("a --settings file that does not exist, or inline JSON that is broken, stops keel", async () => {
    expect((await loadError({ cli: { settings: "nope.json" } })).message).toBe(
      `${join(roots.cwd, "nope.json")}: does not exist (given with --settings)`,
    );
    const inline = await loadError({ cli: { settings: "{oops" } });
    expect(inline.problems[0]?.file).toBe("--settings (inline JSON)");
    expect(inline.message).toContain("is not valid JSON");
  });
});
