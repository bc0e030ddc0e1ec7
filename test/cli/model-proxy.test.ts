import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { countingProxy } from "../helpers/connect-proxy.js";
import { runKeel } from "../helpers/run-keel.js";
import { anthropicEnv, scriptedServer } from "../helpers/scripted.js";

let dir: string | undefined;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = undefined;
});

/** A project folder whose .claude/settings.json sets `env`. */
async function projectWithEnv(env: Record<string, string>): Promise<string> {
  dir = await mkdtemp(join(tmpdir(), "keel-proxy-"));
  await mkdir(join(dir, ".claude"));
  await writeFile(join(dir, ".claude", "settings.json"), JSON.stringify({ env }));
  return dir;
}

const TWO_TURNS = {
  turns: [
    { content: [{ type: "tool_use", name: "Bash", input: { command: "echo hi" } }] },
    { content: "Done." },
  ],
};

describe("keel's requests to the model through HTTP_PROXY / HTTPS_PROXY / NO_PROXY", () => {
  it("go through the settings' HTTP_PROXY, every request by a CONNECT tunnel", async () => {
    const server = await scriptedServer(TWO_TURNS);
    const proxy = await countingProxy();
    const cwd = await projectWithEnv({ HTTP_PROXY: proxy.url });
    const run = await runKeel(["-p", "go", "--allowedTools", "Bash(echo hi)"], {
      cwd,
      env: anthropicEnv(server),
    });
    expect(run.stderr).toBe("");
    expect(run.stdout).toBe("Done.\n");
    expect(server.requests).toHaveLength(2);
    // Kept-alive: at least one tunnel, and no request bypassed it.
    expect(proxy.tunnels.length).toBeGreaterThan(0);
    expect(new Set(proxy.tunnels)).toEqual(new Set([new URL(server.url).host]));
    expect(server.violations).toEqual([]);
  });

  it("go through the process's http_proxy too", async () => {
    const server = await scriptedServer({ turns: [{ content: "Hello." }] });
    const proxy = await countingProxy();
    const run = await runKeel(["-p", "hi"], {
      env: { ...anthropicEnv(server), http_proxy: proxy.url },
    });
    expect(run.stdout).toBe("Hello.\n");
    expect(proxy.tunnels).toEqual([new URL(server.url).host]);
  });

  it("go direct for a host NO_PROXY names, and HTTPS_PROXY serves only https URLs", async () => {
    const server = await scriptedServer({ turns: [{ content: "Hello." }] });
    const proxy = await countingProxy();
    const cwd = await projectWithEnv({ HTTP_PROXY: proxy.url, NO_PROXY: "localhost,127.0.0.1" });
    const bypassed = await runKeel(["-p", "hi"], { cwd, env: anthropicEnv(server) });
    expect(bypassed.stdout).toBe("Hello.\n");
    const httpsOnly = await runKeel(["-p", "hi"], {
      env: { ...anthropicEnv(server), HTTPS_PROXY: proxy.url },
    });
    expect(httpsOnly.stdout).toBe("Hello.\n");
    expect(proxy.tunnels).toEqual([]);
    expect(proxy.forwarded).toEqual([]);
    expect(server.requests).toHaveLength(2);
  });

  it("a proxy that refuses the tunnel fails the request naming the cause", async () => {
    const server = await scriptedServer({ turns: [{ content: "Hello." }] });
    const proxy = await countingProxy({ refuse: 407 });
    const run = await runKeel(["-p", "hi"], {
      env: { ...anthropicEnv(server), HTTP_PROXY: proxy.url },
    });
    expect(run.code).toBe(1);
    expect(run.stdout + run.stderr).toContain("answered CONNECT with 407");
    expect(server.requests).toHaveLength(0);
  });

  it("a proxy variable that is not a URL stops keel with a clear error", async () => {
    const server = await scriptedServer({ turns: [{ content: "Hello." }] });
    const run = await runKeel(["-p", "hi"], {
      env: { ...anthropicEnv(server), HTTPS_PROXY: "http://[not-a-host" },
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('HTTPS_PROXY is not a proxy URL: "http://[not-a-host"');
    expect(server.requests).toHaveLength(0);
  });
});
