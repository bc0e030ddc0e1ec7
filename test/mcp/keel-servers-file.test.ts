import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { readMcpConfigSources, resolveMcpServers } from "../../src/mcp/index.js";
import { keelMcpServersPath } from "../../src/mcp/keel-servers-file.js";

const folders: string[] = [];
afterEach(async () => {
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});

async function folder(): Promise<string> {
  const made = await mkdtemp(join(tmpdir(), "keel-mcp-keel-file-"));
  folders.push(made);
  return made;
}

const stdio = (command: string) => ({ command });

describe("keel's own mcp-servers.json (keel mcp add -s user|local)", () => {
  it("adds user and this folder's local servers, and wins over ~/.claude.json in each scope", async () => {
    const [home, cwd, stateDir] = [await folder(), await folder(), await folder()];
    await writeFile(
      join(home, ".claude.json"),
      JSON.stringify({
        mcpServers: { both: stdio("claude-user") },
        projects: { [cwd]: { mcpServers: { near: stdio("claude-local") } } },
      }),
    );
    await mkdir(stateDir, { recursive: true });
    await writeFile(
      keelMcpServersPath(stateDir),
      JSON.stringify({
        mcpServers: { both: stdio("keel-user"), mine: stdio("keel-only") },
        projects: {
          [cwd]: { mcpServers: { near: stdio("keel-local") } },
          "/elsewhere": { mcpServers: { far: stdio("x") } },
        },
      }),
    );
    const found = await readMcpConfigSources({ home, cwd, stateDir });
    expect(found.notices).toEqual([]);
    const servers = resolveMcpServers(found.sources, {}).servers;
    const chosen = Object.fromEntries(
      servers.map((s) => [s.name, [s.scope, s.config.type === "stdio" ? s.config.command : ""]]),
    );
    expect(chosen).toEqual({
      both: ["user", "keel-user"],
      mine: ["user", "keel-only"],
      near: ["local", "keel-local"],
    });
  });

  it("names the file when it does not parse and still reads the others", async () => {
    const [home, cwd, stateDir] = [await folder(), await folder(), await folder()];
    await writeFile(keelMcpServersPath(stateDir), "{ nope");
    await writeFile(join(cwd, ".mcp.json"), JSON.stringify({ mcpServers: { p: stdio("p") } }));
    const found = await readMcpConfigSources({ home, cwd, stateDir });
    expect(found.notices).toEqual([
      expect.stringContaining(`${keelMcpServersPath(stateDir)}: not valid JSON`),
    ]);
    expect(resolveMcpServers(found.sources, {}).servers.map((s) => s.name)).toEqual(["p"]);
  });
});
