import { execFileSync } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { programOnPath } from "../../../src/tools/builtin/bash/read-only-jail.js";
import type { ReadDenial } from "../../../src/tools/read-denial.js";
import { loadShellParser } from "../../../src/tools/shell-parse/index.js";
import {
  createBashTool,
  makeContext,
  runBashCall,
  sessionConfig,
  useSessionFolders,
} from "./helpers.js";

// Where bubblewrap exists, a command the read-only verdict allowed runs where it can change
// nothing: a wrong verdict then has no effect. KEEL_REQUIRE_BWRAP=1 (CI) makes these mandatory.
const bwrap = programOnPath("bwrap", process.env.PATH);
if (!bwrap && process.env.KEEL_REQUIRE_BWRAP === "1") {
  throw new Error("KEEL_REQUIRE_BWRAP=1 but bwrap is not on PATH: install bubblewrap");
}
if (!bwrap) console.warn("read-only jail tests skipped: bwrap is not on PATH");

const hiding = (paths: string[]): ReadDenial => ({
  denies: () => false,
  excludeGlobs: () => [],
  hiddenPaths: () => paths,
});

describe.skipIf(!bwrap)("the read-only jail", () => {
  let root: string;
  let work: string;
  useSessionFolders((folders) => {
    ({ root, work } = folders);
  }, "src");
  let server: Server | undefined;
  beforeEach(async () => {
    await loadShellParser();
    await mkdir(join(work, "secrets"));
    await writeFile(join(work, "secrets", "key"), "SECRET-KEY\n");
  });
  afterEach(async () => {
    await new Promise<void>((done) => (server ? server.close(() => done()) : done()));
    server = undefined;
  });

  const jailedTool = () => createBashTool(sessionConfig(root), { jail: "everything" });

  it("lets a command read and report, and changes nothing", async () => {
    const tool = jailedTool();
    const context = makeContext(work);
    const run = (command: string) => runBashCall(tool, { command }, context);
    expect((await run("echo hi; ls")).data.stdout).toContain("src");
    await run(
      `touch made; echo x > src/x; rm -rf secrets; echo x > ${root}/beside; echo x > /tmp/keel-jail-probe`,
    );
    expect(existsSync(join(work, "made"))).toBe(false);
    expect(existsSync(join(work, "src", "x"))).toBe(false);
    expect(existsSync(join(work, "secrets", "key"))).toBe(true);
    expect(existsSync(join(root, "beside"))).toBe(false);
    expect(existsSync("/tmp/keel-jail-probe")).toBe(false);
  });

  it("keeps the shell's folder from call to call", async () => {
    const tool = jailedTool();
    const context = makeContext(work);
    await runBashCall(tool, { command: "cd src" }, context);
    expect((await runBashCall(tool, { command: "pwd" }, context)).data.stdout.trim()).toBe(
      join(work, "src"),
    );
  });

  it("hides what Read deny rules cover", async () => {
    const tool = jailedTool();
    const context = makeContext(work);
    context.options = { ...context.options, readDenial: hiding([join(work, "secrets")]) };
    const out = await runBashCall(
      tool,
      { command: "cat secrets/key; ls secrets | wc -l" },
      context,
    );
    expect(out.data.stdout).not.toContain("SECRET-KEY");
    expect(out.data.stdout.trim()).toBe("0");
  });

  it("has no network, not even 127.0.0.1", async () => {
    server = createServer((_req, res) => res.end("REACHED"));
    await new Promise<void>((done) => server?.listen(0, "127.0.0.1", done));
    const { port } = server.address() as AddressInfo;
    const probe = `exec 3<>/dev/tcp/127.0.0.1/${port} && printf 'GET / HTTP/1.0\\r\\n\\r\\n' >&3 && cat <&3`;
    const jailed = await runBashCall(jailedTool(), { command: probe }, makeContext(work));
    expect(jailed.data.stdout).not.toContain("REACHED");
    const free = await runBashCall(
      createBashTool(sessionConfig(root), { jail: "off" }),
      { command: probe },
      makeContext(work),
    );
    expect(free.data.stdout).toContain("REACHED");
  });

  it("jails what the read-only verdict allows by default: git status cannot refresh the index", async () => {
    const git = (...args: string[]) =>
      execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@x", ...args], { cwd: work });
    await writeFile(join(work, "src", "a.ts"), "a\n");
    git("init", "-q");
    git("add", "-A");
    git("commit", "-q", "-m", "one");
    // Touched but not changed: status would rewrite the index to record the new stat data.
    const index = join(work, ".git", "index");
    const before = statSync(index).mtimeMs;
    await writeFile(join(work, "src", "a.ts"), "a\n");
    const tool = createBashTool(sessionConfig(root));
    const out = await runBashCall(tool, { command: "git status --short" }, makeContext(work));
    expect(out.data.stdout.trim()).toBe("");
    expect(statSync(index).mtimeMs).toBe(before);
    const free = createBashTool(sessionConfig(root), { jail: "off" });
    await runBashCall(free, { command: "git status --short" }, makeContext(work));
    expect(statSync(index).mtimeMs).not.toBe(before);
  });
});

describe("a bubblewrap that cannot make a jail here", () => {
  let root: string;
  let work: string;
  useSessionFolders((folders) => {
    ({ root, work } = folders);
  });

  it("leaves commands to run as they would without one", async () => {
    // As where unprivileged user namespaces are turned off: bwrap is there but refused.
    const fakes = join(root, "fake-bin");
    await mkdir(fakes);
    await writeFile(
      join(fakes, "bwrap"),
      "#!/bin/sh\necho 'bwrap: No permissions to create a new namespace' >&2\nexit 1\n",
      {
        mode: 0o755,
      },
    );
    const config = sessionConfig(root, { PATH: `${fakes}:${process.env.PATH}` });
    const tool = createBashTool(config, { jail: "everything" });
    const out = await runBashCall(tool, { command: "echo hi; touch made" }, makeContext(work));
    expect(out.data.stdout.trim()).toBe("hi");
    expect(existsSync(join(work, "made"))).toBe(true);
  });
});
