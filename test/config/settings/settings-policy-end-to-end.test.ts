import { mkdir, mkdtemp, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { SdkMessage, SdkUserMessage } from "../../../src/session/sdk-messages.js";
import { jsonLines, only, runKeel } from "../../helpers/run-keel.js";
import { anthropicEnv, scriptedServer } from "../../helpers/scripted.js";

let dir: string;
let home: string;

beforeEach(async () => {
  dir = await realpath(await mkdtemp(join(tmpdir(), "keel-settings-policy-")));
  home = await realpath(await mkdtemp(join(tmpdir(), "keel-settings-home-")));
  await mkdir(join(dir, ".claude"));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
  await rm(home, { recursive: true, force: true });
});

const projectFile = () => join(dir, ".claude", "settings.json");

async function write(path: string, value: unknown): Promise<string> {
  await mkdir(join(path, ".."), { recursive: true });
  await writeFile(path, typeof value === "string" ? value : JSON.stringify(value));
  return path;
}

const printenv = {
  content: [
    { type: "tool_use", name: "Bash", input: { command: "printenv GREETING", description: "x" } },
  ],
};

async function keel(scenario: unknown) {
  const server = await scriptedServer(scenario);
  const run = await runKeel(["-p", "go", "--output-format", "stream-json", "--verbose"], {
    cwd: dir,
    env: { ...anthropicEnv(server), HOME: home, KEEL_CONFIG_DIR: join(home, ".keel") },
  });
  return { run, server, lines: jsonLines(run.stdout) };
}

/** stderr lines that name a file. */
const linesNaming = (stderr: string, file: string) =>
  stderr.split("\n").filter((line) => line.includes(file));

function toolResults(lines: SdkMessage[]): string {
  return JSON.stringify(
    lines
      .filter((l): l is SdkUserMessage => l.type === "user")
      .flatMap((l) => (Array.isArray(l.message.content) ? l.message.content : []))
      .filter((b) => b.type === "tool_result"),
  );
}

/** A file whose env and allow rule make `printenv GREETING` print hello, plus `extra`. */
const greeting = (extra: Record<string, unknown>) => ({
  env: { GREETING: "hello" },
  permissions: { allow: ["Bash(printenv GREETING)"] },
  ...extra,
});

describe("settings files under contracts §12, through keel -p (validator on)", () => {
  it("a bad value is said once on stderr with file and key, and the rest of the file applies", async () => {
    const file = await write(projectFile(), greeting({ model: 42 }));
    const { run, server, lines } = await keel({ turns: [printenv, { content: "done" }] });
    expect(run.code).toBe(0);
    expect(linesNaming(run.stderr, file)).toEqual([
      `keel: ${file}: model: Invalid input: expected string, received number; skipped`,
    ]);
    expect(toolResults(lines)).toContain("hello");
    expect(only(lines, "result").is_error).toBe(false);
    expect(server.violations).toEqual([]);
  });

  it("an unknown key is said once and skipped; a Claude Code key keel lacks is said to have no effect", async () => {
    const file = await write(projectFile(), greeting({ colour: "blue", spinnerVerbs: {} }));
    const { run, lines } = await keel({ turns: [printenv, { content: "done" }] });
    expect(run.code).toBe(0);
    expect(linesNaming(run.stderr, file)).toEqual([
      `keel: ${file}: colour: not a setting keel or Claude Code knows; skipped`,
      `keel: ${file}: spinnerVerbs: a Claude Code setting keel does not have; no effect`,
    ]);
    expect(toolResults(lines)).toContain("hello");
  });

  it("a file that is not JSON is said once and skipped; the other files apply", async () => {
    const broken = await write(projectFile(), '{"permissions": {"allow": [}');
    await write(join(home, ".claude", "settings.json"), greeting({}));
    const { run, lines } = await keel({ turns: [printenv, { content: "done" }] });
    expect(run.code).toBe(0);
    const said = linesNaming(run.stderr, broken);
    expect(said).toHaveLength(1);
    expect(said[0]).toMatch(/^keel: .*: is not valid JSON \(.*\); the whole file is skipped$/);
    expect(toolResults(lines)).toContain("hello");
  });

  it.each([
    ["permissions", { permissions: { deny: ["Read(./.env)", 7] } }, "permissions.deny[1]"],
    [
      "hooks",
      { hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", timeout: 5 }] }] } },
      "hooks.PreToolUse[0].hooks[0].command",
    ],
    [
      "sandbox",
      { sandbox: { enabled: true, network: { allowedDomains: "x.com" } } },
      "sandbox.network.allowedDomains",
    ],
  ])(
    "a broken %s block stops keel before any request, naming file and key",
    async (_, value, key) => {
      const file = await write(projectFile(), { model: "claude-sonnet-5", ...value });
      const { run, server } = await keel({ turns: [{ content: "never" }] });
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(`keel: ${file}: ${key}: `);
      expect(server.requests).toHaveLength(0);
    },
  );
});
