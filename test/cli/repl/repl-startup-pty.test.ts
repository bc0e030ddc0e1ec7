import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { beforeEach, describe, expect, it } from "vitest";
import { mcpApprovalsPath } from "../../../src/mcp/approvals.js";
import { runKeel } from "../../helpers/run-keel.js";
import { anthropicEnv, scriptedServer } from "../../helpers/scripted.js";
import { REPL_PROMPT as PROMPT, usePtyRepl } from "./pty-repl.js";
import { exitWithCtrlC, typeLine } from "./pty-screen.js";

const TEST_SERVER = fileURLToPath(new URL("../../fixtures/mcp/test-server.mjs", import.meta.url));
/** Generous: other test runs may share the machine, and nothing here asserts on time. */
const SLOW = 40_000;

const pty = usePtyRepl("keel-repl-start");
// These tests are about what comes after the folder-trust question: the folder is trusted.
beforeEach(() => pty.trust());

describe("the REPL's start-up and background work, in a real pseudo-terminal", {
  timeout: 120_000,
}, () => {
  it("keel attach follows a background agent, then continues its session in the REPL", async () => {
    const server = await scriptedServer({
      turns: [
        {
          content: [
            {
              type: "tool_use",
              name: "Bash",
              input: { command: "while [ ! -e go ]; do sleep 0.02; done", description: "wait" },
            },
          ],
        },
        { content: "Went." },
        { content: "Continued from where it stopped." },
      ],
    });
    const started = await runKeel(
      ["--bg", "look around", "--permission-mode", "bypassPermissions"],
      {
        cwd: pty.dir,
        env: { ...anthropicEnv(server), HOME: pty.home, KEEL_CONFIG_DIR: pty.stateDir },
      },
    );
    expect(started.code).toBe(0);
    const id = started.stdout.split(" ")[0] ?? "";
    const repl = pty.spawn(["attach", id], anthropicEnv(server));
    await repl.waitFor((s) => s.includes("● Bash(while"), "the agent's tool call, live", SLOW);
    expect(repl.lines().join("\n")).not.toContain(PROMPT);
    await writeFile(join(pty.dir, "go"), "");
    const opened = await repl.waitFor((s) => s.includes(PROMPT), "the REPL", SLOW);
    expect(opened).toMatch(/Resumed session [0-9a-f-]{36} \(\d+ earlier messages\)/);
    expect(opened).toContain("> look around");
    await typeLine(repl, "and then?", SLOW);
    await repl.waitFor((s) => s.includes("Continued from where it stopped."), "the answer", SLOW);
    expect(server.requests).toHaveLength(3);
    const continued = JSON.stringify(server.requests[2]?.body);
    expect(continued).toContain("look around");
    expect(continued).toContain("Went.");
    expect(continued).toContain("and then?");
    expect(await exitWithCtrlC(repl, SLOW)).toBe(0);
    expect(server.violations).toEqual([]);
  });

  it("asks about a new .mcp.json server; 'use this server' starts it and is remembered", async () => {
    const entry = { command: process.execPath, args: [TEST_SERVER] };
    await writeFile(join(pty.dir, ".mcp.json"), JSON.stringify({ mcpServers: { tracker: entry } }));
    const server = await scriptedServer({ turns: [{ content: "unused" }] });
    const first = pty.spawn([], anthropicEnv(server));
    const dialog = await first.waitFor(
      (s) => s.includes("New MCP server found in .mcp.json: tracker"),
      "the approval dialog",
      SLOW,
    );
    expect(dialog).toContain("1. Use this server");
    expect(dialog).toContain("2. Use all servers of this project's .mcp.json from now on");
    expect(dialog).toContain("3. Don't use it");
    expect(dialog).not.toContain(PROMPT);
    first.write("1");
    await first.waitFor((s) => s.includes(PROMPT), "the REPL", SLOW);
    await typeLine(first, "/mcp", SLOW);
    await first.waitFor((s) => s.includes("tracker: connected — echo"), "the server's tools", SLOW);
    expect(await exitWithCtrlC(first, SLOW)).toBe(0);
    const file = JSON.parse(await readFile(mcpApprovalsPath(pty.stateDir), "utf8"));
    expect(file.projects[pty.dir]).toEqual({ approved: ["tracker"], rejected: [] });

    const second = pty.spawn([], anthropicEnv(server));
    const again = await second.waitFor((s) => s.includes(PROMPT), "the REPL, asking nothing", SLOW);
    expect(again).not.toContain("New MCP server found");
    await typeLine(second, "/mcp", SLOW);
    await second.waitFor(
      (s) => s.includes("tracker: connected — echo"),
      "the server's tools",
      SLOW,
    );
    expect(await exitWithCtrlC(second, SLOW)).toBe(0);
    expect(server.requests).toHaveLength(0);
  });

  it("Esc leaves a .mcp.json server for later: not started, asked again next time", async () => {
    const entry = { command: process.execPath, args: [TEST_SERVER] };
    await writeFile(join(pty.dir, ".mcp.json"), JSON.stringify({ mcpServers: { tracker: entry } }));
    const server = await scriptedServer({ turns: [{ content: "unused" }] });
    const first = pty.spawn([], anthropicEnv(server));
    await first.waitFor((s) => s.includes("New MCP server found"), "the approval dialog", SLOW);
    first.write("\x1b");
    await first.waitFor((s) => s.includes(PROMPT), "the REPL", SLOW);
    await typeLine(first, "/mcp", SLOW);
    await first.waitFor((s) => s.includes("tracker: needs-approval"), "the waiting server", SLOW);
    expect(await exitWithCtrlC(first, SLOW)).toBe(0);
    const second = pty.spawn([], anthropicEnv(server));
    await second.waitFor((s) => s.includes("New MCP server found"), "the dialog, again", SLOW);
    second.write("\x1b");
    await second.waitFor((s) => s.includes(PROMPT), "the REPL", SLOW);
    expect(await exitWithCtrlC(second, SLOW)).toBe(0);
  });

  it("SIGTERM while the approval dialog is up ends keel, leaving the server for later", async () => {
    const entry = { command: process.execPath, args: [TEST_SERVER] };
    await writeFile(join(pty.dir, ".mcp.json"), JSON.stringify({ mcpServers: { tracker: entry } }));
    const server = await scriptedServer({ turns: [{ content: "unused" }] });
    const repl = pty.spawn([], anthropicEnv(server));
    await repl.waitFor((s) => s.includes("New MCP server found"), "the approval dialog", SLOW);
    repl.signal("SIGTERM");
    expect(await repl.exited).toBe(143);
    expect(repl.lines().join("\n")).not.toContain(PROMPT);
    await expect(readFile(mcpApprovalsPath(pty.stateDir), "utf8")).rejects.toThrow(/ENOENT/);
    expect(server.requests).toHaveLength(0);
  });

  it("shows a notice when a background shell the model started ends while the REPL is idle", async () => {
    const server = await scriptedServer({
      turns: [
        {
          content: [
            {
              type: "tool_use",
              name: "Bash",
              input: {
                command: "while [ ! -e release ]; do sleep 0.05; done; echo done",
                description: "wait then say done",
                run_in_background: true,
              },
            },
          ],
        },
        { content: "Started it in the background." },
      ],
    });
    const repl = pty.spawn(["--dangerously-skip-permissions"], anthropicEnv(server));
    await repl.waitFor((s) => s.includes(PROMPT), "the REPL", SLOW);
    await typeLine(repl, "run it in the background", SLOW);
    const idle = await repl.waitFor(
      (s) => s.includes("Started it in the background.") && !s.includes("Working…"),
      "the turn's end",
      SLOW,
    );
    expect(idle).not.toContain("Background task");
    // The shell ends only now, while the REPL waits for a prompt.
    await writeFile(join(pty.dir, "release"), "");
    const after = await repl.waitFor(
      (s) => /Background task \S+ \(wait then say done\) completed — exit code 0/.test(s),
      "the task's notice",
      SLOW,
    );
    const answer = after.indexOf("Started it in the background.");
    expect(answer).toBeGreaterThanOrEqual(0);
    expect(answer).toBeLessThan(after.indexOf("Background task"));
    expect(server.requests).toHaveLength(2);
    expect(await exitWithCtrlC(repl, SLOW)).toBe(0);
    expect(server.violations).toEqual([]);
  });
});
