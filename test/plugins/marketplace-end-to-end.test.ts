import { execFileSync } from "node:child_process";
import { mkdir, mkdtemp, readFile, realpath, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { SdkSystemInit } from "../../src/session/sdk-messages.js";
import { runKeel } from "../helpers/run-keel.js";
import { anthropicEnv, scriptedServer } from "../helpers/scripted.js";

const MCP_SERVER = fileURLToPath(new URL("../fixtures/mcp/test-server.mjs", import.meta.url));

let dir: string;
let env: Record<string, string>;

async function put(path: string, text: string): Promise<void> {
  await mkdir(dirname(join(dir, path)), { recursive: true });
  await writeFile(join(dir, path), text);
}

function git(cwd: string, ...args: string[]): string {
  return execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@example.com", ...args], {
    cwd,
    encoding: "utf8",
  }).trim();
}

/** Every kind of component, under plugins/<name> of the marketplace repository. */
async function writeFullPlugin(name: string, manifest: boolean): Promise<void> {
  const root = `src/plugins/${name}`;
  if (manifest) await put(`${root}/.claude-plugin/plugin.json`, JSON.stringify({ name }));
  await put(`${root}/commands/hello.md`, `Say hello to $ARGUMENTS from ${name}.\n`);
  await put(`${root}/skills/greet/SKILL.md`, "---\ndescription: Greets\n---\nGreet.\n");
  await put(
    `${root}/agents/reviewer.md`,
    "---\nname: reviewer\ndescription: Reviews\n---\nReview.\n",
  );
  await put(`${root}/output-styles/terse.md`, `---\nname: terse\n---\nBe terse as ${name}.\n`);
  const started = { type: "command", command: 'touch "$CLAUDE_PLUGIN_ROOT/started"' };
  await put(
    `${root}/hooks/hooks.json`,
    JSON.stringify({ hooks: { SessionStart: [{ hooks: [started] }] } }),
  );
  const echo = { command: process.execPath, args: [MCP_SERVER] };
  await put(`${root}/.mcp.json`, JSON.stringify({ mcpServers: { echo } }));
}

/**
 * A marketplace repository: alpha and beta (beta without a manifest) each with a component of
 * every kind, and broken, whose manifest names it badly.
 */
async function writeMarketplace(): Promise<string> {
  const plugins = [
    { name: "alpha", source: "./plugins/alpha" },
    { name: "beta", source: "./plugins/beta", version: "2.0.0" },
    { name: "broken", source: "./plugins/broken" },
  ];
  await put(
    "src/.claude-plugin/marketplace.json",
    JSON.stringify({ name: "tools", owner: { name: "t" }, plugins }),
  );
  await writeFullPlugin("alpha", true);
  await writeFullPlugin("beta", false);
  await put("src/plugins/broken/.claude-plugin/plugin.json", '{"name": "has spaces"}');
  git(join(dir, "src"), "init", "--quiet", "--initial-branch=main");
  git(join(dir, "src"), "add", ".");
  git(join(dir, "src"), "commit", "--quiet", "-m", "first");
  git(dir, "clone", "--quiet", "--bare", "src", "tools.git");
  return `file://${join(dir, "tools.git")}`;
}

beforeEach(async () => {
  dir = await realpath(await mkdtemp(join(tmpdir(), "keel-marketplace-")));
  env = { HOME: join(dir, "home"), KEEL_CONFIG_DIR: join(dir, "state") };
  await mkdir(join(dir, "work"), { recursive: true });
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const keel = (args: string[], extra: Record<string, string> = {}) =>
  runKeel(args, { cwd: join(dir, "work"), env: { ...env, ...extra } });

async function printRun(prompt: string, turns: unknown[], args: string[] = []) {
  const server = await scriptedServer({ turns });
  const run = await keel(
    ["-p", prompt, "--output-format", "stream-json", "--verbose", ...args],
    anthropicEnv(server),
  );
  expect(server.violations).toEqual([]);
  const init = run.stdout
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as { type: string; subtype?: string })
    .find((m) => m.type === "system" && m.subtype === "init") as SdkSystemInit | undefined;
  return { run, init, server };
}

async function enabledPlugins(): Promise<Record<string, unknown>> {
  const settings = JSON.parse(await readFile(join(dir, "state", "settings.json"), "utf8"));
  return settings.enabledPlugins;
}

describe("keel plugin with a marketplace in a bare git repository", () => {
  it("installs, uses, disables, updates and uninstalls plugins", async () => {
    const url = await writeMarketplace();
    const added = await keel(["plugin", "marketplace", "add", url]);
    expect(added.stderr).toBe("");
    expect(added.stdout).toContain("Added marketplace tools (3 plugins)");

    const alpha = await keel(["plugin", "install", "alpha@tools"]);
    expect(alpha.code).toBe(0);
    const beta = await keel(["plugin", "install", "beta"]);
    expect(beta.stdout).toContain("Installed beta@tools 2.0.0");
    const broken = await keel(["plugin", "install", "broken"]);
    expect(broken.code).toBe(1);
    expect(broken.stderr).toContain("broken@tools cannot be installed");
    expect(await enabledPlugins()).toEqual({ "alpha@tools": true, "beta@tools": true });
    const installPath = join(dir, "state", "plugins", "cache", "tools", "alpha");
    // Installing ran nothing of the plugin.
    const [version = ""] = execFileSync("ls", [installPath], { encoding: "utf8" })
      .trim()
      .split("\n");
    await expect(stat(join(installPath, version, "started"))).rejects.toThrow(/ENOENT/);

    const tool = "mcp__plugin_alpha_echo__echo";
    const used = await printRun(
      "/alpha:hello Ada",
      [
        { content: [{ type: "tool_use", name: tool, input: { message: "hi" } }] },
        { content: "Done." },
      ],
      ["--allowedTools", tool, "--settings", JSON.stringify({ outputStyle: "alpha:terse" })],
    );
    expect(used.run.code).toBe(0);
    expect(used.init?.plugins.map((p) => p.name)).toEqual(["alpha", "beta"]);
    expect(used.init?.slash_commands).toEqual(
      expect.arrayContaining(["alpha:hello", "alpha:greet", "beta:hello", "beta:greet"]),
    );
    expect(used.init?.agents).toEqual(expect.arrayContaining(["alpha:reviewer", "beta:reviewer"]));
    expect(used.init?.mcp_servers).toEqual([
      { name: "plugin:alpha:echo", status: "connected" },
      { name: "plugin:beta:echo", status: "connected" },
    ]);
    const first = JSON.stringify(used.server.requests[0]?.body);
    expect(first).toContain("Say hello to Ada from alpha.");
    expect(first).toContain("Be terse as alpha.");
    expect(JSON.stringify(used.server.requests[1]?.body)).toContain("echo: hi");
    expect((await stat(join(installPath, version, "started"))).isFile()).toBe(true);
    const betaPath = join(dir, "state", "plugins", "cache", "tools", "beta", "2.0.0");
    expect((await stat(join(betaPath, "started"))).isFile()).toBe(true);

    expect((await keel(["plugin", "disable", "beta"])).code).toBe(0);
    const disabled = await printRun("hi", [{ content: "Done." }]);
    expect(disabled.init?.plugins.map((p) => p.name)).toEqual(["alpha"]);

    await put("src/plugins/alpha/commands/hello.md", "Greet $ARGUMENTS politely.\n");
    git(join(dir, "src"), "commit", "--quiet", "-am", "second");
    git(join(dir, "src"), "push", "--quiet", join(dir, "tools.git"), "main");
    const updated = await keel(["plugin", "update", "alpha"]);
    expect(updated.stdout).toMatch(/^Updated alpha@tools [0-9a-f]{12} -> [0-9a-f]{12}\n$/);
    const after = await printRun("/alpha:hello Ada", [{ content: "Done." }]);
    expect(JSON.stringify(after.server.requests[0]?.body)).toContain("Greet Ada politely.");
    expect((await keel(["plugin", "update", "alpha"])).stdout).toContain("is up to date");

    const removed = await keel(["plugin", "uninstall", "alpha"]);
    expect(removed.stdout).toBe("Uninstalled alpha@tools\n");
    await expect(stat(installPath)).rejects.toThrow(/ENOENT/);
    expect(await enabledPlugins()).toEqual({ "beta@tools": false });
    expect((await keel(["plugin", "list"])).stdout).toBe("beta@tools  2.0.0  disabled\n");
    // One flow of some fifteen keel and git processes: about 12 s alone, more on a busy machine.
  }, 60_000);

  it("reports an installed plugin that no longer loads, and an enabled one not installed, and loads the rest", async () => {
    const url = await writeMarketplace();
    await keel(["plugin", "marketplace", "add", url]);
    await keel(["plugin", "install", "alpha"]);
    await keel(["plugin", "install", "beta"]);
    const manifest = join(
      dir,
      "state",
      "plugins",
      "cache",
      "tools",
      "beta",
      "2.0.0",
      ".claude-plugin",
      "plugin.json",
    );
    await mkdir(dirname(manifest), { recursive: true });
    await writeFile(manifest, "{ broken");
    await put(
      "work/.claude/settings.json",
      JSON.stringify({ enabledPlugins: { "gone@tools": true } }),
    );
    const { run, init } = await printRun("hi", [{ content: "Done." }], ["--strict-mcp-config"]);
    expect(run.code).toBe(0);
    expect(init?.plugins.map((p) => p.name)).toEqual(["alpha"]);
    expect(init?.plugin_errors).toEqual([
      expect.objectContaining({ plugin: "beta@tools", type: "manifest-validation-error" }),
      expect.objectContaining({ plugin: "gone@tools", type: "not-installed" }),
    ]);
    expect(run.stderr).toContain("plugin beta@tools not loaded:");
  });

  it("loads a plugin Claude Code installed when the settings enable it, and leaves Claude Code's store as it was", async () => {
    await put("cc/notes/commands/jot.md", "Write down: $ARGUMENTS\n");
    const installed = JSON.stringify({
      version: 2,
      plugins: {
        "notes@cc-market": [
          { scope: "user", installPath: join(dir, "cc", "notes"), version: "1.0.0" },
        ],
      },
    });
    await put("home/.claude/plugins/installed_plugins.json", installed);
    await put(
      "home/.claude/settings.json",
      JSON.stringify({ enabledPlugins: { "notes@cc-market": true } }),
    );
    const { run, init, server } = await printRun("/notes:jot milk", [{ content: "Done." }]);
    expect(run.code).toBe(0);
    expect(init?.plugins).toEqual([{ name: "notes", path: join(dir, "cc", "notes") }]);
    expect(JSON.stringify(server.requests[0]?.body)).toContain("Write down: milk");
    expect(await readFile(join(dir, "home/.claude/plugins/installed_plugins.json"), "utf8")).toBe(
      installed,
    );
  });

  it("adds a marketplace the project's settings declare when a plugin is installed from it", async () => {
    await writeMarketplace();
    const marketplaces = {
      tools: { source: { source: "directory", path: "../src" } },
      hosted: { source: { source: "github", repo: "owner/repo" } },
    };
    await put(
      "work/.claude/settings.json",
      JSON.stringify({ extraKnownMarketplaces: marketplaces }),
    );
    const listed = await keel(["plugin", "marketplace", "list"]);
    expect(listed.stdout).toContain("tools  declared in the settings");
    const installed = await keel(["plugin", "install", "beta@tools"]);
    expect(installed.stderr).toBe("");
    expect(installed.stdout).toContain("Installed beta@tools 2.0.0");
    expect((await keel(["plugin", "marketplace", "list"])).stdout).toContain(
      `tools  ${join(dir, "src")}`,
    );
    const refused = await keel(["plugin", "install", "x@hosted"]);
    expect(refused.stderr).toContain(
      'the settings declare marketplace "hosted", but its source "github"',
    );
  });

  it("keeps an install inside the cache whatever version a marketplace claims", async () => {
    const plugins = [{ name: "sly", source: "./plugins/sly", version: "../../../keep" }];
    await put("sly/.claude-plugin/marketplace.json", JSON.stringify({ name: "sly", plugins }));
    await put("sly/plugins/sly/commands/x.md", "X\n");
    await put("state/plugins/keep/precious.txt", "mine\n");
    await keel(["plugin", "marketplace", "add", join(dir, "sly")]);
    expect((await keel(["plugin", "install", "sly@sly"])).code).toBe(0);
    expect(await readFile(join(dir, "state/plugins/keep/precious.txt"), "utf8")).toBe("mine\n");
    const folder = join(dir, "state/plugins/cache/sly/sly/v..-..-..-keep/commands/x.md");
    expect(await readFile(folder, "utf8")).toBe("X\n");
  });

  it("refuses an unknown marketplace or plugin with a line saying what exists", async () => {
    const none = await keel(["plugin", "install", "alpha@nowhere"]);
    expect(none.code).toBe(1);
    expect(none.stderr).toContain('no marketplace is named "nowhere"');
    const url = await writeMarketplace();
    await keel(["plugin", "marketplace", "add", url]);
    const again = await keel(["plugin", "marketplace", "add", url]);
    expect(again.stderr).toContain('a marketplace named "tools" is already added');
    const missing = await keel(["plugin", "install", "gamma"]);
    expect(missing.stderr).toContain('no plugin named "gamma" in any added marketplace');
  });
});
