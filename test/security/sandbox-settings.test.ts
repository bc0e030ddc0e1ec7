import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { jsonLines, runKeel } from "../helpers/run-keel.js";
import { sandboxRuntimeReady } from "../helpers/sandbox-ready.js";
import { anthropicEnv, scriptedServer } from "../helpers/scripted.js";

// Claude Code's `sandbox` settings through the real `keel -p` (issue 23): the effects of
// sandboxed commands are judged on the file system and on a server, never on what keel says.

const ready = sandboxRuntimeReady("sandbox settings tests");

let base = "";
let project = "";
let outside = "";

beforeEach(() => {
  base = mkdtempSync(join(tmpdir(), "keel-sandbox-"));
  project = join(base, "project");
  outside = join(base, "outside");
  mkdirSync(join(project, ".claude"), { recursive: true });
  mkdirSync(outside);
});

afterEach(() => {
  rmSync(base, { recursive: true, force: true });
});

function settings(value: unknown): void {
  writeFileSync(join(project, ".claude", "settings.json"), JSON.stringify(value));
}

/** One `keel -p` turn in which the model runs `command` with Bash (plus extra input fields). */
async function runBash(command: string, extra: Record<string, unknown> = {}, args: string[] = []) {
  const server = await scriptedServer({
    turns: [
      { content: [{ type: "tool_use", name: "Bash", input: { command, ...extra } }] },
      { content: "done" },
    ],
  });
  const run = await runKeel(["-p", "go", "--output-format", "stream-json", "--verbose", ...args], {
    cwd: project,
    env: anthropicEnv(server),
  });
  expect(server.violations).toEqual([]);
  const lines = run.code === 0 ? jsonLines(run.stdout) : [];
  const results = lines.flatMap((line) =>
    line.type === "user" && Array.isArray(line.message.content)
      ? line.message.content.filter((block) => block.type === "tool_result")
      : [],
  );
  return { run, lines, result: JSON.stringify(results) };
}

const describeSandbox = ready ? describe : describe.skip;

describeSandbox("sandbox settings through keel -p", () => {
  it("auto-allows a sandboxed command, which cannot write outside the working folders", async () => {
    settings({ sandbox: { enabled: true, autoAllowBashIfSandboxed: true } });
    const { run, lines } = await runBash(`echo in > inside.txt; echo out > ${outside}/escaped.txt`);
    expect(run.code).toBe(0);
    expect(readFileSync(join(project, "inside.txt"), "utf8")).toBe("in\n");
    expect(existsSync(join(outside, "escaped.txt"))).toBe(false);
    const init = lines.find((line) => line.type === "system" && line.subtype === "init");
    expect(init).toMatchObject({ sandbox: { enabled: true, active: true } });
  }, 60_000);

  it("keeps .claude/, git's hooks and config, and the shell's start-up files out of reach", async () => {
    settings({ sandbox: { enabled: true, autoAllowBashIfSandboxed: true } });
    for (const folder of [".git/hooks", ".claude/commands", ".claude/hooks"]) {
      mkdirSync(join(project, folder), { recursive: true });
    }
    const targets = [
      ".claude/settings.local.json",
      ".claude/commands/pwn.md",
      ".claude/hooks/check.sh",
      ".git/hooks/pre-commit",
      ".git/config",
      ".bashrc",
      ".mcp.json",
    ];
    // Code keel cannot follow, whose targets are decoded at run time: only the sandbox stands.
    const writes = targets.map((target) => {
      const encoded = Buffer.from(target).toString("base64");
      return `node -e 'try { require("fs").writeFileSync(Buffer.from("${encoded}", "base64").toString(), "planted") } catch (e) { console.log(e.code) }'`;
    });
    const { result } = await runBash(writes.join("; "));
    expect(result).toContain("EROFS");
    for (const target of targets) {
      const path = join(project, target);
      const planted = existsSync(path) && readFileSync(path, "utf8").includes("planted");
      expect(planted, target).toBe(false);
    }
  }, 60_000);

  it("gives a sandboxed command no way into keel's state folder", async () => {
    settings({ sandbox: { enabled: true, autoAllowBashIfSandboxed: true } });
    // Every folder under keel's state it can find, tried for a write (links planted there
    // would steer keel's own later writes, which no sandbox confines).
    const probe = `node -e '
      const fs = require("fs"), path = require("path");
      let tried = 0, planted = 0;
      const walk = (dir, depth) => {
        if (depth > 4) return;
        tried++;
        // Its own report folder (a fresh one per call, removed after it) is the one exception.
        if (!path.basename(dir).startsWith("confined-"))
          try { fs.writeFileSync(path.join(dir, "planted"), "x"); planted++; } catch {}
        for (const e of fs.readdirSync(dir, { withFileTypes: true })) if (e.isDirectory()) walk(path.join(dir, e.name), depth + 1);
      };
      walk(process.env.KEEL_CONFIG_DIR, 0);
      console.log("tried", tried, "planted", planted);'`;
    const { result } = await runBash(probe);
    expect(result).toMatch(/tried [1-9]\d* planted 0/);
  }, 60_000);

  it("guards every working folder, and removes a git redirection a command creates", async () => {
    settings({ sandbox: { enabled: true, autoAllowBashIfSandboxed: true } });
    mkdirSync(join(project, ".git"));
    const write = (path: string) => {
      const encoded = Buffer.from(path).toString("base64");
      return `node -e 'try { require("fs").writeFileSync(Buffer.from("${encoded}", "base64").toString(), "planted") } catch (e) { console.log(e.code) }'`;
    };
    const { result } = await runBash(
      [
        write(join(outside, ".bashrc")),
        write(join(outside, "ok.txt")),
        write(".git/commondir"),
      ].join("; "),
      {},
      ["--add-dir", outside],
    );
    expect(existsSync(join(outside, ".bashrc"))).toBe(false);
    expect(readFileSync(join(outside, "ok.txt"), "utf8")).toBe("planted");
    expect(existsSync(join(project, ".git", "commondir"))).toBe(false);
    expect(result).toContain("keel removed");
  }, 60_000);

  it("lets a sandboxed call through a whole-tool ask rule, but not a deny rule", async () => {
    settings({
      permissions: { ask: ["Bash"], deny: ["Bash(rm:*)"] },
      sandbox: { enabled: true, autoAllowBashIfSandboxed: true },
    });
    writeFileSync(join(project, "keep.txt"), "keep");
    const allowed = await runBash("echo made > made.txt");
    expect(readFileSync(join(project, "made.txt"), "utf8")).toBe("made\n");
    expect(allowed.run.code).toBe(0);
    await runBash("rm keep.txt");
    expect(existsSync(join(project, "keep.txt"))).toBe(true);
  }, 60_000);

  it("without autoAllowBashIfSandboxed a command still needs a permission", async () => {
    settings({ sandbox: { enabled: true } });
    const { result } = await runBash("echo made > made.txt");
    expect(existsSync(join(project, "made.txt"))).toBe(false);
    expect(result).toContain("is_error");
  }, 60_000);

  it("hides sandbox.filesystem.denyRead from sandboxed commands the analysis cannot follow", async () => {
    const secrets = join(outside, "secrets");
    mkdirSync(secrets);
    writeFileSync(join(secrets, "key.txt"), "SECRET-ONE");
    writeFileSync(join(outside, "open.txt"), "OPEN");
    settings({
      sandbox: {
        enabled: true,
        autoAllowBashIfSandboxed: true,
        filesystem: { denyRead: [secrets] },
      },
    });
    // The path is decoded at run time: only the sandbox stands between the command and it.
    const encoded = Buffer.from(join(secrets, "key.txt")).toString("base64");
    const { result } = await runBash(
      `cat "$(echo ${encoded} | base64 -d)"; cat ${join(outside, "open.txt")}`,
    );
    expect(result).toContain("OPEN");
    expect(result).toContain("key.txt: No such file or directory");
    expect(result).not.toContain("SECRET-ONE");
  }, 60_000);

  it("keeps a Read-denied file unread, whatever the command does to reach it", async () => {
    writeFileSync(join(outside, "token.txt"), "SECRET-TWO");
    settings({
      permissions: { deny: [`Read(/${outside}/token.txt)`] },
      sandbox: { enabled: true, autoAllowBashIfSandboxed: true },
    });
    const encoded = Buffer.from(join(outside, "token.txt")).toString("base64");
    for (const command of [
      `cat ${outside}/token.txt`,
      `cat "$(echo ${encoded} | base64 -d)"`,
      `find ${outside} -name 'tok*' -exec cat {} +`,
    ]) {
      const { result } = await runBash(command, {}, ["--permission-mode", "bypassPermissions"]);
      expect(result).not.toContain("SECRET-TWO");
    }
  }, 60_000);

  describe("the network", () => {
    let server: Server;
    let hits = 0;
    beforeEach(async () => {
      hits = 0;
      server = createServer((_, response) => {
        hits++;
        response.end("reached");
      });
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    });
    afterEach(async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    });
    const url = () => `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    // curl honours the sandbox's proxy only with --noproxy '': the runtime's NO_PROXY lists
    // 127.0.0.1, and a direct connection has no network to use (the limit docs/ describes).
    // The runtime starts its in-sandbox relay (socat) beside the command: on a busy machine
    // the first connection may come before it listens, so a refused connection is retried.
    const fetch = () =>
      `curl -s -m 10 --retry 5 --retry-delay 1 --retry-connrefused --noproxy '' ${url()} || echo unreachable`;

    it("reaches a 127.0.0.1 server only when allowedDomains lists it", async () => {
      const port = (server.address() as AddressInfo).port;
      settings({ sandbox: { enabled: true, autoAllowBashIfSandboxed: true } });
      const blocked = await runBash(fetch());
      expect(hits).toBe(0);
      expect(blocked.result).not.toContain("reached");
      settings({
        sandbox: {
          enabled: true,
          autoAllowBashIfSandboxed: true,
          network: { allowedDomains: [`127.0.0.1:${port}`] },
        },
      });
      const allowed = await runBash(fetch());
      expect(hits).toBe(1);
      expect(allowed.result).toContain("reached");
    }, 60_000);

    it("a direct connection (the client skips the proxy) reaches nothing", async () => {
      const port = (server.address() as AddressInfo).port;
      settings({
        sandbox: {
          enabled: true,
          autoAllowBashIfSandboxed: true,
          network: { allowedDomains: [`127.0.0.1:${port}`] },
        },
      });
      await runBash(`curl -s -m 5 ${url()} || echo unreachable`);
      expect(hits).toBe(0);
    }, 60_000);
  });

  it("dangerouslyDisableSandbox asks for a permission; with allowUnsandboxedCommands false it is ignored", async () => {
    settings({ sandbox: { enabled: true, autoAllowBashIfSandboxed: true } });
    await runBash(`echo out > ${outside}/a.txt`, { dangerouslyDisableSandbox: true });
    expect(existsSync(join(outside, "a.txt"))).toBe(false);
    settings({
      sandbox: { enabled: true, autoAllowBashIfSandboxed: true, allowUnsandboxedCommands: false },
    });
    await runBash("echo in > b.txt", { dangerouslyDisableSandbox: true });
    expect(existsSync(join(project, "b.txt"))).toBe(true);
    await runBash(`echo out > ${outside}/c.txt`, { dangerouslyDisableSandbox: true });
    expect(existsSync(join(outside, "c.txt"))).toBe(false);
  }, 60_000);

  it("runs excludedCommands outside the sandbox, under the usual permissions", async () => {
    const secrets = join(outside, "secrets");
    mkdirSync(secrets);
    writeFileSync(join(secrets, "key.txt"), "VISIBLE-UNSANDBOXED");
    const sandbox = {
      enabled: true,
      autoAllowBashIfSandboxed: true,
      filesystem: { denyRead: [secrets] },
    };
    const command = `cat ${secrets}/key.txt`;
    settings({ permissions: { allow: ["Bash(cat:*)", `Read(/${outside}/**)`] }, sandbox });
    expect((await runBash(command)).result).not.toContain("VISIBLE-UNSANDBOXED");
    settings({
      permissions: { allow: ["Bash(cat:*)", `Read(/${outside}/**)`] },
      sandbox: { ...sandbox, excludedCommands: ["cat:*"] },
    });
    expect((await runBash(command)).result).toContain("VISIBLE-UNSANDBOXED");
    // A line that also redirects stays sandboxed, whatever the entries say.
    expect((await runBash(`${command} > copy.txt; cat copy.txt`)).result).not.toContain(
      "VISIBLE-UNSANDBOXED",
    );
  }, 60_000);

  it("runs background commands in the sandbox too", async () => {
    settings({ sandbox: { enabled: true, autoAllowBashIfSandboxed: true } });
    const server = await scriptedServer({
      turns: [
        {
          content: [
            {
              type: "tool_use",
              name: "Bash",
              input: {
                command: `echo out > ${outside}/bg.txt; echo in > bg.txt`,
                run_in_background: true,
              },
            },
          ],
        },
        { content: [{ type: "tool_use", name: "Bash", input: { command: "sleep 1" } }] },
        { content: "done" },
      ],
    });
    const run = await runKeel(["-p", "go"], { cwd: project, env: anthropicEnv(server) });
    expect(run.code).toBe(0);
    expect(existsSync(join(project, "bg.txt"))).toBe(true);
    expect(existsSync(join(outside, "bg.txt"))).toBe(false);
  }, 60_000);
});

describe("sandbox settings keel cannot use", () => {
  it("stops with exit 1 when failIfUnavailable is set and no sandbox can run", async () => {
    settings({ sandbox: { enabled: true, failIfUnavailable: true } });
    const emptyPath = join(base, "no-programs");
    mkdirSync(emptyPath);
    const server = await scriptedServer({ turns: [{ content: "never asked" }] });
    const run = await runKeel(["-p", "go", "--output-format", "stream-json", "--verbose"], {
      cwd: project,
      env: { ...anthropicEnv(server), PATH: emptyPath },
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/sandbox\.failIfUnavailable is set and the sandbox cannot run here/);
    expect(jsonLines(run.stdout)).toMatchObject([
      { type: "result", is_error: true, startup_failure_reason: "sandbox_required_unavailable" },
    ]);
    expect(server.requests).toHaveLength(0);
  }, 60_000);

  it("names an invalid sandbox setting with its file and key, and stops", async () => {
    settings({ sandbox: { enabled: "yes" } });
    const run = await runKeel(["-p", "go"], { cwd: project });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("settings.json: sandbox.enabled:");
  });

  it("says once on stderr which sandbox settings have no effect", async () => {
    settings({ sandbox: { bwrapPath: "/opt/bwrap", allowNestedUserNamespaces: true, mystery: 1 } });
    const server = await scriptedServer({ turns: [{ content: "ok" }] });
    const run = await runKeel(["-p", "go"], { cwd: project, env: anthropicEnv(server) });
    expect(run.code).toBe(0);
    expect(run.stderr).toContain(
      "sandbox.bwrapPath: Claude Code takes it from managed settings only",
    );
    expect(run.stderr).toContain("sandbox.allowNestedUserNamespaces:");
    expect(run.stderr).toContain("sandbox.mystery: not a sandbox setting keel knows");
  });
});
