import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  approveProjectMcpServers,
  recordMcpAnswers,
} from "../../../src/cli/repl/startup/project-mcp-approvals.js";
import { mcpApprovalsPath, resolveMcpSetup } from "../../../src/mcp/index.js";
import type { McpServerSpec } from "../../../src/mcp/resolve-servers.js";
import { tempFolder } from "../../mcp/mcp-test-kit.js";

async function project(servers: Record<string, unknown>) {
  const home = await tempFolder("keel-approve-home-");
  const cwd = await tempFolder("keel-approve-project-");
  const stateDir = await tempFolder("keel-approve-state-");
  await writeFile(join(cwd, ".mcp.json"), JSON.stringify({ mcpServers: servers }));
  return { home, cwd, stateDir, env: {} };
}

const names = (specs: readonly { name: string }[]) => specs.map((s) => s.name);

function inputs(roots: Awaited<ReturnType<typeof project>>, answers: (n: string[]) => string[]) {
  const asked: string[][] = [];
  return {
    asked,
    inputs: {
      mcpConfig: [],
      strict: false,
      ...roots,
      settings: { mcpServers: {}, files: [] },
      ask: async (servers: readonly McpServerSpec[]) => {
        asked.push(names(servers));
        return answers(names(servers)) as Array<"use" | "use-all" | "reject" | "later">;
      },
    },
  };
}

describe("recording the answers of the start-up approval dialog", () => {
  it("records use and don't-use per server; later records nothing and is asked again", async () => {
    const roots = await project({ a: { command: "a" }, b: { command: "b" }, c: { command: "c" } });
    const first = inputs(roots, () => ["use", "reject", "later"]);
    const notices = await approveProjectMcpServers(first.inputs);
    expect(first.asked).toEqual([["a", "b", "c"]]);
    expect(notices[0]).toBe('MCP server "a" approved for this project.');
    expect(notices[1]).toContain('MCP server "b" will not be used in this project');
    const setup = await resolveMcpSetup(roots);
    expect(names(setup.servers)).toEqual(["a"]);
    expect(names(setup.needsApproval)).toEqual(["c"]);
    const second = inputs(roots, () => ["later"]);
    await approveProjectMcpServers(second.inputs);
    expect(second.asked).toEqual([["c"]]);
  });

  it("'use all' approves this project's servers now and later, but not one refused by name", async () => {
    const roots = await project({ a: { command: "a" }, b: { command: "b" } });
    await approveProjectMcpServers(inputs(roots, () => ["reject", "later"]).inputs);
    await recordMcpAnswers(roots.stateDir, roots.cwd, [], ["use-all"]);
    const file = JSON.parse(await readFile(mcpApprovalsPath(roots.stateDir), "utf8"));
    expect(file.projects[roots.cwd]).toEqual({ approved: [], rejected: ["a"], all: true });
    await writeFile(
      join(roots.cwd, ".mcp.json"),
      JSON.stringify({
        mcpServers: { a: { command: "a" }, b: { command: "b" }, n: { command: "n" } },
      }),
    );
    const setup = await resolveMcpSetup(roots);
    expect(names(setup.servers)).toEqual(["b", "n"]);
    expect(setup.needsApproval).toEqual([]);
    const elsewhere = await resolveMcpSetup({ ...roots, cwd: await tempFolder() });
    expect(elsewhere.servers).toEqual([]);
  });

  it("says, naming the file, that answers were not saved when the approvals file does not parse", async () => {
    const roots = await project({ a: { command: "a" }, b: { command: "b" } });
    const path = mcpApprovalsPath(roots.stateDir);
    await writeFile(path, "not json");
    const notices = await approveProjectMcpServers(inputs(roots, () => ["use", "reject"]).inputs);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatch(/^MCP answers not saved: /);
    expect(notices[0]).toContain(path);
    expect(await readFile(path, "utf8")).toBe("not json");
  });

  it("asks nothing when every project server is answered", async () => {
    const roots = await project({ a: { command: "a" } });
    await approveProjectMcpServers(inputs(roots, () => ["use"]).inputs);
    const again = inputs(roots, () => []);
    expect(await approveProjectMcpServers(again.inputs)).toEqual([]);
    expect(again.asked).toEqual([]);
  });
});
