import { describe, expect, it } from "vitest";
import {
  callTool,
  fixture,
  resultText,
  startManager,
  stdioServer,
  testServer,
  until,
} from "./mcp-test-kit.js";

/** A sleep that records the backoff it was asked for and returns at once. */
function recordingSleep() {
  const waits: number[] = [];
  return { waits, sleep: async (ms: number) => void waits.push(ms) };
}

describe("MCP server failures stay with their server", () => {
  it("fails a call whose server crashes mid-call, reconnects it, and leaves other servers alone", async () => {
    const backoff = recordingSleep();
    const notices: string[] = [];
    const manager = await startManager({
      servers: [testServer("crashy"), testServer("steady")],
      sleep: backoff.sleep,
      onNotice: (text) => notices.push(text),
    });
    await manager.whenSettled();
    const tools = manager.tools();
    await expect(callTool(tools, "mcp__crashy__crash", {})).rejects.toThrow(
      /MCP server "crashy": tool "crash" failed: .*Connection closed/,
    );
    expect(resultText(await callTool(tools, "mcp__steady__echo", { message: "ok" }))).toBe(
      "echo: ok",
    );
    await until(() => notices.includes('MCP server "crashy" reconnected'), "crashy reconnects");
    expect(backoff.waits).toEqual([1_000]);
    expect(notices).toContain('MCP server "crashy" disconnected; reconnecting');
    const after = manager.refreshTools([])();
    expect(resultText(await callTool(after, "mcp__crashy__echo", { message: "back" }))).toBe(
      "echo: back",
    );
    expect(manager.status().map((s) => s.status)).toEqual(["connected", "connected"]);
  });

  it("gives up reconnecting after 5 tries with 1 s, 2 s, 4 s, 8 s, 16 s waits", async () => {
    const backoff = recordingSleep();
    const notices: string[] = [];
    // Reconnecting spawns this command again: after the first crash it no longer exists.
    const spec = testServer("gone");
    const manager = await startManager({
      servers: [spec],
      sleep: async (ms) => {
        if (spec.config.type === "stdio") spec.config.command = "/nonexistent/keel-mcp-server";
        await backoff.sleep(ms);
      },
      onNotice: (text) => notices.push(text),
    });
    await manager.whenSettled();
    await expect(callTool(manager.tools(), "mcp__gone__crash", {})).rejects.toThrow(
      /Connection closed/,
    );
    await until(() => manager.status()[0]!.status === "failed", "the server is given up");
    expect(backoff.waits).toEqual([1_000, 2_000, 4_000, 8_000, 16_000]);
    expect(notices.at(-1)).toMatch(/MCP server "gone" could not be reconnected after 5 attempts/);
    expect(manager.tools()).toEqual([]);
  });

  it("fails a call that never answers after the per-call timeout, and another server still answers", async () => {
    const manager = await startManager({
      servers: [testServer("stuck"), testServer("fine")],
      toolTimeoutMs: 1_000,
    });
    await manager.whenSettled();
    const tools = manager.tools();
    const hung = callTool(tools, "mcp__stuck__hang", {});
    await expect(hung).rejects.toThrow(/MCP server "stuck": tool "hang" failed: .*timed out/i);
    expect(resultText(await callTool(tools, "mcp__fine__echo", { message: "x" }))).toBe("echo: x");
    expect(resultText(await callTool(tools, "mcp__stuck__echo", { message: "y" }))).toBe("echo: y");
  });

  it("cancels a call when its abort signal fires", async () => {
    const manager = await startManager({ servers: [testServer("stuck")] });
    await manager.whenSettled();
    const controller = new AbortController();
    const call = callTool(manager.tools(), "mcp__stuck__hang", {}, controller.signal);
    controller.abort(new Error("interrupted by the user"));
    await expect(call).rejects.toThrow("interrupted by the user");
    expect(resultText(await callTool(manager.tools(), "mcp__stuck__echo", { message: "z" }))).toBe(
      "echo: z",
    );
  });

  it("marks a server that never answers initialize as failed after the connect timeout", async () => {
    const notices: string[] = [];
    const manager = await startManager({
      servers: [
        stdioServer("silent", process.execPath, [fixture("silent-server.mjs")]),
        testServer("ok"),
      ],
      timeoutMs: 3_000,
      onNotice: (text) => notices.push(text),
    });
    await manager.whenSettled();
    const [silent, ok] = manager.status();
    expect(silent).toMatchObject({ name: "silent", status: "failed" });
    expect(silent!.error).toMatch(/connection failed: .*timed out/i);
    expect(ok).toMatchObject({ name: "ok", status: "connected" });
    expect(notices.some((n) => n.startsWith('MCP server "silent" connection failed'))).toBe(true);
    expect(manager.tools().every((t) => t.name.startsWith("mcp__ok__"))).toBe(true);
  });

  it("marks a server whose command does not exist as failed", async () => {
    const manager = await startManager({
      servers: [stdioServer("missing", "/nonexistent/keel-mcp-server")],
    });
    await manager.whenSettled();
    expect(manager.status()[0]).toMatchObject({ name: "missing", status: "failed" });
    expect(manager.status()[0]!.error).toMatch(/ENOENT|not found|spawn/);
  });
});
