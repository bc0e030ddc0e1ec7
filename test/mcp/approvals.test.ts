import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readMcpApprovals } from "../../src/mcp/approvals.js";
import { mcpApprovalsPath, recordMcpApproval, resolveMcpSetup } from "../../src/mcp/index.js";
import { startManager, tempFolder } from "./mcp-test-kit.js";

async function project(servers: Record<string, unknown>) {
  const home = await tempFolder("keel-mcp-home-");
  const cwd = await tempFolder("keel-mcp-project-");
  const stateDir = await tempFolder("keel-mcp-state-");
  await writeFile(join(cwd, ".mcp.json"), JSON.stringify({ mcpServers: servers }));
  return { home, cwd, stateDir, env: {} };
}

const names = (specs: readonly { name: string }[]) => specs.map((s) => s.name);

describe("project (.mcp.json) servers need approval once", () => {
  it("holds back unapproved project servers; --mcp-config servers always start", async () => {
    const roots = await project({ tracker: { command: "t" } });
    const setup = await resolveMcpSetup({
      ...roots,
      dynamic: [
        {
          scope: "dynamic",
          origin: "--mcp-config (inline JSON)",
          servers: { cli: { command: "c" } },
        },
      ],
    });
    expect(names(setup.servers)).toEqual(["cli"]);
    expect(names(setup.needsApproval)).toEqual(["tracker"]);
  });

  it("remembers an approval in <state>/mcp-approvals.json, per project and server", async () => {
    const roots = await project({ tracker: { command: "t" }, other: { command: "o" } });
    await recordMcpApproval(roots.stateDir, roots.cwd, "tracker", true);
    const file = JSON.parse(await readFile(mcpApprovalsPath(roots.stateDir), "utf8"));
    expect(file).toEqual({ projects: { [roots.cwd]: { approved: ["tracker"], rejected: [] } } });
    const setup = await resolveMcpSetup(roots);
    expect(names(setup.servers)).toEqual(["tracker"]);
    expect(names(setup.needsApproval)).toEqual(["other"]);
    const elsewhere = await resolveMcpSetup({ ...roots, cwd: await tempFolder() });
    expect(elsewhere.servers).toEqual([]);
  });

  it("refuses to write over an approvals file that does not parse, leaving it as it is", async () => {
    const roots = await project({ tracker: { command: "t" } });
    const path = mcpApprovalsPath(roots.stateDir);
    const broken = '{ "projects": { "/elsewhere": { "approved": ["kept"] }, ';
    await writeFile(path, broken);
    await expect(recordMcpApproval(roots.stateDir, roots.cwd, "tracker", true)).rejects.toThrow(
      path,
    );
    expect(await readFile(path, "utf8")).toBe(broken);
    expect(await readMcpApprovals(roots.stateDir, roots.cwd)).toEqual({});
    expect(names((await resolveMcpSetup(roots)).needsApproval)).toEqual(["tracker"]);
  });

  it("refuses to write over an approvals file of the wrong shape", async () => {
    const roots = await project({ tracker: { command: "t" } });
    const path = mcpApprovalsPath(roots.stateDir);
    await writeFile(path, JSON.stringify({ projects: ["not", "a", "record"] }));
    await expect(recordMcpApproval(roots.stateDir, roots.cwd, "tracker", false)).rejects.toThrow(
      path,
    );
    expect(JSON.parse(await readFile(path, "utf8"))).toEqual({ projects: ["not", "a", "record"] });
  });

  it("drops a rejected project server without asking again", async () => {
    const roots = await project({ tracker: { command: "t" } });
    await recordMcpApproval(roots.stateDir, roots.cwd, "tracker", true);
    await recordMcpApproval(roots.stateDir, roots.cwd, "tracker", false);
    const setup = await resolveMcpSetup(roots);
    expect(setup.servers).toEqual([]);
    expect(setup.needsApproval).toEqual([]);
  });

  it("takes enabledMcpjsonServers, enableAllProjectMcpServers and disabledMcpjsonServers from settings", async () => {
    const roots = await project({ a: { command: "a" }, b: { command: "b" }, c: { command: "c" } });
    await mkdir(join(roots.cwd, ".claude"));
    const local = join(roots.cwd, ".claude", "settings.local.json");
    await writeFile(local, JSON.stringify({ enabledMcpjsonServers: ["a"] }));
    const one = await resolveMcpSetup({ ...roots, settingsFiles: [local] });
    expect([names(one.servers), names(one.needsApproval)]).toEqual([["a"], ["b", "c"]]);
    await writeFile(
      local,
      JSON.stringify({ enableAllProjectMcpServers: true, disabledMcpjsonServers: ["c"] }),
    );
    const all = await resolveMcpSetup({ ...roots, settingsFiles: [local] });
    expect([names(all.servers), names(all.needsApproval)]).toEqual([["a", "b"], []]);
  });

  it("takes Claude Code's own choices in ~/.claude.json projects[cwd]", async () => {
    const roots = await project({ a: { command: "a" } });
    await writeFile(
      join(roots.home, ".claude.json"),
      JSON.stringify({ projects: { [roots.cwd]: { enabledMcpjsonServers: ["a"] } } }),
    );
    expect(names((await resolveMcpSetup(roots)).servers)).toEqual(["a"]);
  });

  it("lists an unapproved server as needs-approval and says how to approve it", async () => {
    const roots = await project({ tracker: { command: "t" } });
    const setup = await resolveMcpSetup(roots);
    const notices: string[] = [];
    const loads: string[] = [];
    const manager = await startManager({
      ...setup,
      stateDir: roots.stateDir,
      onNotice: (text) => notices.push(text),
      loadSdk: async () => {
        loads.push("sdk");
        throw new Error("the SDK must not be loaded");
      },
    });
    await manager.whenSettled();
    expect(manager.status()).toEqual([
      { name: "tracker", status: "needs-approval", scope: "project" },
    ]);
    expect(loads).toEqual([]);
    expect(notices).toEqual([
      `MCP server "tracker" from ${join(roots.cwd, ".mcp.json")} was not started: project servers need approval. To approve it, add "tracker" to "enabledMcpjsonServers" (or set "enableAllProjectMcpServers": true) in .claude/settings.local.json or keel's settings.json.`,
    ]);
  });
});
