import { mkdir, mkdtemp, readFile, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { decideFolderTrust } from "../../../src/cli/repl/startup/folder-trust.js";
import { loadSettings } from "../../../src/config/settings/load.js";
import type { ProjectCode } from "../../../src/config/settings/project-code.js";
import { folderTrust, trustFilePath, trustFolder } from "../../../src/config/trust/trust-store.js";

let base = "";
let roots = { home: "", stateDir: "", cwd: "" };

beforeEach(async () => {
  base = await realpath(await mkdtemp(join(tmpdir(), "keel-trust-")));
  roots = {
    home: join(base, "home"),
    stateDir: join(base, "home", ".keel"),
    cwd: join(base, "proj"),
  };
  await mkdir(join(roots.cwd, ".claude", "commands"), { recursive: true });
  await mkdir(roots.home, { recursive: true });
});
afterEach(async () => {
  await rm(base, { recursive: true, force: true });
});

const put = (path: string, value: unknown) =>
  writeFile(path, typeof value === "string" ? value : JSON.stringify(value));

describe("the trust file", () => {
  it("trusts a folder and every folder below it, not beside it", async () => {
    expect(await folderTrust(roots.stateDir, roots.cwd)).toEqual({ trusted: false });
    expect(await trustFolder(roots.stateDir, roots.cwd, new Date(0))).toEqual({ saved: true });
    expect(await folderTrust(roots.stateDir, join(roots.cwd, "sub"))).toMatchObject({
      trusted: true,
      by: roots.cwd,
    });
    expect(await folderTrust(roots.stateDir, `${roots.cwd}-other`)).toEqual({ trusted: false });
    const file = JSON.parse(await readFile(trustFilePath(roots.stateDir), "utf8"));
    expect(file.folders[roots.cwd]).toEqual({ trustedAt: "1970-01-01T00:00:00.000Z" });
  });

  it("leaves a file it cannot read as it is, and trusts nothing from it", async () => {
    await mkdir(roots.stateDir, { recursive: true });
    await put(trustFilePath(roots.stateDir), "{ not json");
    expect(await folderTrust(roots.stateDir, roots.cwd)).toMatchObject({
      trusted: false,
      problem: expect.stringContaining("not valid JSON"),
    });
    expect(await trustFolder(roots.stateDir, roots.cwd, new Date(0))).toMatchObject({
      saved: false,
    });
    expect(await readFile(trustFilePath(roots.stateDir), "utf8")).toBe("{ not json");
  });
});

describe("the trust question at the REPL's start", () => {
  const asked: Array<readonly ProjectCode[]> = [];
  const answer = (trusted: boolean) => async (_: string, code: readonly ProjectCode[]) => {
    asked.push(code);
    return trusted;
  };
  beforeEach(() => {
    asked.length = 0;
  });

  it("asks nothing in a folder whose files run nothing", async () => {
    await put(join(roots.cwd, ".claude", "settings.json"), {
      permissions: { allow: ["Bash(ls)"] },
    });
    const settings = await loadSettings(roots);
    expect(await decideFolderTrust(settings, roots, answer(false))).toEqual({
      trusted: true,
      notices: [],
    });
    expect(asked).toEqual([]);
  });

  it("lists hooks, servers, env and commands' shell lines; a yes is remembered", async () => {
    await put(join(roots.cwd, ".claude", "settings.json"), {
      hooks: { SessionStart: [{ hooks: [{ type: "command", command: "touch started" }] }] },
      env: { FOO: "bar" },
      mcpServers: { db: { command: "db-server", args: ["--port", "1"] } },
    });
    await put(join(roots.cwd, ".mcp.json"), { mcpServers: { web: { command: "web-mcp" } } });
    await put(join(roots.cwd, ".claude", "commands", "hi.md"), "Say !`date` now");
    const settings = await loadSettings(roots);
    const first = await decideFolderTrust(settings, roots, answer(true));
    expect(first.trusted).toBe(true);
    expect(asked[0]?.map((entry) => `${entry.kind}: ${entry.what}`)).toEqual([
      "hook: SessionStart: touch started",
      "mcp server: db: db-server --port 1",
      "env: FOO",
      "mcp server: web: web-mcp",
      "command: /hi: !`date`",
    ]);
    expect(first.notices).toEqual([`Trusted ${roots.cwd} (and the folders below it).`]);
    const again = await decideFolderTrust(settings, roots, answer(false));
    expect(again).toEqual({ trusted: true, notices: [] });
    expect(asked).toHaveLength(1);
  });

  it("a no says what stays off, and the project's settings then load without it", async () => {
    await put(join(roots.cwd, ".claude", "settings.local.json"), {
      hooks: { UserPromptSubmit: [{ hooks: [{ type: "command", command: "touch prompted" }] }] },
      env: { FOO: "bar" },
      permissions: { deny: ["Bash(rm:*)"] },
      enabledPlugins: { "fmt@tools": true, "off@tools": false },
    });
    const settings = await loadSettings(roots);
    const outcome = await decideFolderTrust(settings, roots, answer(false));
    expect(outcome).toEqual({
      trusted: false,
      notices: [
        "This folder is not trusted: off for this session: 1 hook, env (FOO), plugins (fmt@tools).",
      ],
    });
    const without = await loadSettings({ ...roots, projectCode: false });
    expect(without.hooks).toEqual([]);
    expect(without.env).toEqual({});
    expect(settings.enabledPlugins).toEqual(["fmt@tools"]);
    expect(without.enabledPlugins).toEqual([]);
    // What the project forbids still holds.
    expect(without.rules.map((rule) => rule.text)).toEqual(["Bash(rm:*)"]);
  });

  it("a no also takes away what the folder grants: its allow rules and its mode", async () => {
    await put(join(roots.cwd, ".claude", "settings.json"), {
      permissions: { defaultMode: "bypassPermissions", allow: ["Bash"], deny: ["Read(./secret)"] },
      sandbox: { enabled: true, excludedCommands: ["curl:*"] },
    });
    const settings = await loadSettings(roots);
    // The mode alone is reason to ask: in it, calls run unasked.
    const outcome = await decideFolderTrust(settings, roots, answer(false));
    expect(asked[0]?.map((entry) => `${entry.kind}: ${entry.what}`)).toEqual([
      "permission: defaultMode bypassPermissions",
    ]);
    expect(outcome.notices).toEqual([
      "This folder is not trusted: off for this session: what its settings grant (Bash, defaultMode bypassPermissions).",
    ]);
    const without = await loadSettings({ ...roots, projectCode: false });
    expect(without.permissionMode).toBe("default");
    expect(without.rules.map((rule) => `${rule.behavior} ${rule.text}`)).toEqual([
      "deny Read(./secret)",
    ]);
    expect(without.sandbox).toMatchObject({ enabled: true, excludedCommands: [] });
  });
});
