import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { jsonLines, runKeel } from "../helpers/run-keel.js";
import { scriptedServer } from "../helpers/scripted.js";

let home: string;

beforeEach(async () => {
  home = await mkdtemp(join(tmpdir(), "keel-key-helper-"));
});

afterEach(async () => {
  await rm(home, { recursive: true, force: true });
});

/**
 * A helper that counts its runs in a file beside it and prints a key naming the run
 * (`key-1`, `key-2`, …), as a secrets manager handing out rotated keys would.
 */
async function countingHelper(): Promise<{ command: string; runs: () => Promise<number> }> {
  const script = join(home, "helper.sh");
  const count = join(home, "runs");
  await writeFile(
    script,
    `#!/bin/sh\nn=$(cat "${count}" 2>/dev/null || echo 0)\nn=$((n + 1))\necho "$n" > "${count}"\necho "key-$n"\n`,
  );
  await chmod(script, 0o755);
  return {
    command: script,
    runs: async () => Number((await readFile(count, "utf8")).trim()),
  };
}

/** User settings (~/.claude/settings.json) with the helper, and the env pointing at the server. */
async function setUp(command: string, url: string) {
  const claude = join(home, ".claude");
  await mkdir(claude, { recursive: true });
  await writeFile(join(claude, "settings.json"), JSON.stringify({ apiKeyHelper: command }));
  return { HOME: home, KEEL_CONFIG_DIR: join(home, ".keel"), ANTHROPIC_BASE_URL: url };
}

describe("apiKeyHelper", () => {
  it("sends the helper's key as x-api-key and bearer token, and runs it again after a 401", async () => {
    const helper = await countingHelper();
    const server = await scriptedServer({
      turns: [{ content: "Hello.", faults: [{ type: "http_error", status: 401 }] }],
    });
    const env = await setUp(helper.command, server.url);
    const run = await runKeel(["-p", "hi", "--output-format", "stream-json", "--verbose"], {
      env,
      cwd: home,
    });
    expect(run.code).toBe(0);
    const messages = jsonLines(run.stdout);
    const init = messages.find((m) => m.type === "system");
    expect(init).toMatchObject({ apiKeySource: "apiKeyHelper" });
    expect(messages.at(-1)).toMatchObject({ type: "result", result: "Hello.", is_error: false });
    expect(await helper.runs()).toBe(2);
    const [refused, retried] = server.requests;
    expect(refused?.headers["x-api-key"]).toBe("key-1");
    expect(refused?.headers.authorization).toBe("Bearer key-1");
    expect(retried?.headers["x-api-key"]).toBe("key-2");
    expect(retried?.headers.authorization).toBe("Bearer key-2");
    expect(server.requests).toHaveLength(2);
    expect(server.violations).toEqual([]);
  });

  it("keeps the key within CLAUDE_CODE_API_KEY_HELPER_TTL_MS and runs the helper once a 0 TTL passed", async () => {
    const helper = await countingHelper();
    const server = await scriptedServer({
      turns: [
        { content: [{ type: "tool_use", name: "Glob", input: { pattern: "*.sh" } }] },
        { content: "Done." },
      ],
    });
    const env = await setUp(helper.command, server.url);
    const kept = await runKeel(["-p", "look"], { env, cwd: home });
    expect(kept.stdout).toBe("Done.\n");
    expect(await helper.runs()).toBe(1);
    expect(server.requests.map((r) => r.headers["x-api-key"])).toEqual(["key-1", "key-1"]);

    const again = await scriptedServer({
      turns: [
        { content: [{ type: "tool_use", name: "Glob", input: { pattern: "*.sh" } }] },
        { content: "Done." },
      ],
    });
    const fresh = await runKeel(["-p", "look"], {
      env: { ...env, ANTHROPIC_BASE_URL: again.url, CLAUDE_CODE_API_KEY_HELPER_TTL_MS: "0" },
      cwd: home,
    });
    expect(fresh.stdout).toBe("Done.\n");
    expect(again.requests.map((r) => r.headers["x-api-key"])).toEqual(["key-2", "key-3"]);
  });

  it("stops with an error naming the helper when it fails", async () => {
    const server = await scriptedServer({ turns: [{ content: "never" }] });
    const env = await setUp("echo 'vault is sealed' >&2; exit 3", server.url);
    const run = await runKeel(["-p", "hi"], { env, cwd: home });
    expect(run.code).toBe(1);
    expect(`${run.stdout}${run.stderr}`).toContain(
      `apiKeyHelper "echo 'vault is sealed' >&2; exit 3" exited with status 3: vault is sealed`,
    );
    expect(server.requests).toHaveLength(0);
  });

  it("stops with an error naming the helper when it prints nothing", async () => {
    const server = await scriptedServer({ turns: [{ content: "never" }] });
    const env = await setUp("true", server.url);
    const run = await runKeel(["-p", "hi"], { env, cwd: home });
    expect(run.code).toBe(1);
    expect(`${run.stdout}${run.stderr}`).toContain(
      'apiKeyHelper "true" printed no key (its output was empty)',
    );
    expect(server.requests).toHaveLength(0);
  });

  it("is not used when ANTHROPIC_API_KEY is set", async () => {
    const helper = await countingHelper();
    const server = await scriptedServer({ turns: [{ content: "Hello." }] });
    const env = await setUp(helper.command, server.url);
    const run = await runKeel(["-p", "hi"], {
      env: { ...env, ANTHROPIC_API_KEY: "sk-env" },
      cwd: home,
    });
    expect(run.stdout).toBe("Hello.\n");
    expect(server.requests[0]?.headers["x-api-key"]).toBe("sk-env");
    await expect(helper.runs()).rejects.toThrow();
  });
});
