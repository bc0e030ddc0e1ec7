import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type {
  SdkAssistantMessage,
  SdkMessage,
  SdkSystemInit,
} from "../../src/session/sdk-messages.js";
import { jsonLines, only, runKeel } from "../helpers/run-keel.js";
import { anthropicEnv, scriptedServer } from "../helpers/scripted.js";

const hello = { turns: [{ content: [{ type: "text", text: "Hello from the script." }] }] };

describe("keel -p against the scripted server", () => {
  it("prints the answer in text format and exits 0", async () => {
    const server = await scriptedServer(hello);
    const run = await runKeel(["-p", "say hello"], { env: anthropicEnv(server) });
    expect(run.stderr).toBe("");
    expect(run.stdout).toBe("Hello from the script.\n");
    expect(run.code).toBe(0);
    expect(server.violations).toEqual([]);
  });

  it("sends the prompt, a system prompt, the model and the main request kind", async () => {
    const server = await scriptedServer(hello);
    await runKeel(["-p", "say", "hello", "--model", "haiku"], { env: anthropicEnv(server) });
    const request = server.requests[0]!;
    expect(request.headers["x-keel-request-kind"]).toBe("main");
    expect(request.headers["x-api-key"]).toBe("test-key");
    const body = request.body as Record<string, unknown>;
    expect(body.model).toBe("claude-haiku-4-5");
    expect(body.max_tokens).toBe(32_000);
    const messages = body.messages as Array<{
      role: string;
      content: Array<{ type: string; text: string }>;
    }>;
    expect(messages).toHaveLength(1);
    expect(messages[0]!.content[0]!.text).toMatch(
      /^<system-reminder>[\s\S]*Today's date is \d{4}-\d{2}-\d{2}\./,
    );
    expect(messages[0]!.content[1]).toEqual({
      type: "text",
      text: "say hello",
      cache_control: { type: "ephemeral" },
    });
    expect(JSON.stringify(body.system)).toContain("You are keel");
  });

  it("streams system/init, one assistant message per block, and the result as JSON lines", async () => {
    const server = await scriptedServer({
      turns: [
        {
          content: [
            { type: "thinking", thinking: "The user wants a greeting." },
            { type: "text", text: "Hi!" },
          ],
        },
      ],
    });
    const run = await runKeel(["-p", "hi", "--output-format", "stream-json", "--verbose"], {
      env: anthropicEnv(server),
    });
    const lines = jsonLines(run.stdout);
    expect(lines.map((l) => `${l.type}${"subtype" in l ? `/${l.subtype}` : ""}`)).toEqual([
      "system/init",
      "assistant",
      "assistant",
      "result/success",
    ]);
    const init = only(lines, "system") as SdkSystemInit;
    const [thinking, text] = lines.filter((l): l is SdkAssistantMessage => l.type === "assistant");
    const result = only(lines, "result");
    expect(init).toMatchObject({
      model: "claude-sonnet-5",
      permissionMode: "default",
      cwd: process.cwd(),
    });
    expect(init.tools).toEqual(expect.arrayContaining(["Read", "Write", "Edit", "Glob", "Grep"]));
    expect(init.session_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(thinking!.message.content).toMatchObject([{ type: "thinking" }]);
    expect(text!.message.content).toEqual([{ type: "text", text: "Hi!" }]);
    expect(text!.message.id).toBe(thinking!.message.id);
    expect(result).toMatchObject({
      is_error: false,
      result: "Hi!",
      num_turns: 1,
      stop_reason: "end_turn",
      session_id: init.session_id,
      terminal_reason: "completed",
      permission_denials: [],
    });
    expect(result.total_cost_usd).toBeGreaterThan(0);
    expect(result.modelUsage["claude-sonnet-5"]).toMatchObject({
      contextWindow: 1_000_000,
      maxOutputTokens: 64_000,
    });
    expect(run.code).toBe(0);
  });

  it("prints only the result object in json format", async () => {
    const server = await scriptedServer(hello);
    const run = await runKeel(["-p", "hi", "--output-format", "json"], {
      env: anthropicEnv(server),
    });
    const lines = jsonLines(run.stdout);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      type: "result",
      subtype: "success",
      result: "Hello from the script.",
    });
  });

  it("reads the prompt from stdin when none is given", async () => {
    const server = await scriptedServer(hello);
    const run = await runKeel(["-p"], { env: anthropicEnv(server), stdin: "from stdin\n" });
    expect(run.code).toBe(0);
    const body = server.requests[0]!.body as {
      messages: Array<{ content: Array<{ text: string }> }>;
    };
    expect(body.messages[0]!.content.at(-1)!.text).toBe("from stdin\n");
  });

  it("retries an overloaded server, announcing each retry, then answers", async () => {
    const server = await scriptedServer({
      turns: [
        {
          content: [{ type: "text", text: "Finally." }],
          faults: [{ type: "http_error", status: 529, times: 2 }],
        },
      ],
    });
    const run = await runKeel(["-p", "hi", "--output-format", "stream-json"], {
      env: anthropicEnv(server),
    });
    const lines = jsonLines(run.stdout);
    const retries = lines.filter(
      (l): l is Extract<SdkMessage, { subtype: "api_retry" }> =>
        "subtype" in l && l.subtype === "api_retry",
    );
    expect(retries.map((r) => [r.attempt, r.error_status, r.error])).toEqual([
      [1, 529, "server_error"],
      [2, 529, "server_error"],
    ]);
    expect(lines.at(-1)).toMatchObject({ type: "result", is_error: false, result: "Finally." });
    expect(server.requests).toHaveLength(3);
    expect(run.code).toBe(0);
  });

  it("ends an API failure as Claude Code does: an error message, a success result with is_error, exit 1", async () => {
    const server = await scriptedServer({
      turns: [{ content: "never", faults: [{ type: "http_error", status: 401 }] }],
    });
    const run = await runKeel(["-p", "hi", "--output-format", "stream-json"], {
      env: anthropicEnv(server),
    });
    const lines = jsonLines(run.stdout);
    expect(lines.map((l) => l.type)).toEqual(["system", "assistant", "result"]);
    const error = only(lines, "assistant");
    expect(error).toMatchObject({ error: "authentication_failed" });
    expect(error.message.content[0]).toMatchObject({
      text: expect.stringMatching(/^API Error: 401/),
    });
    expect(lines[2]).toMatchObject({ subtype: "success", is_error: true, api_error_status: 401 });
    expect(run.code).toBe(1);
    expect(server.requests).toHaveLength(1);
  });

  it("exits 130 on SIGINT while the model is still answering", async () => {
    const server = await scriptedServer({
      turns: [
        { content: "slow answer that is never finished", faults: [{ type: "stall", ms: 60_000 }] },
      ],
    });
    const run = await runKeel(["-p", "hi", "--output-format", "stream-json"], {
      env: anthropicEnv(server),
      onStdout: (chunk, child) => {
        if (chunk.includes('"subtype":"init"')) child.kill("SIGINT");
      },
    });
    expect(run.code).toBe(130);
    const lines = jsonLines(run.stdout);
    expect(lines.at(-1)).toMatchObject({
      type: "result",
      subtype: "error_during_execution",
      terminal_reason: "aborted_streaming",
    });
  });

  it("replays a scenario in process with --model scripted:<file>", async () => {
    const dir = await mkdtemp(join(tmpdir(), "keel-"));
    try {
      await writeFile(join(dir, "s.json"), JSON.stringify(hello));
      const run = await runKeel(["-p", "hi", "--model", `scripted:${join(dir, "s.json")}`]);
      expect(run.stdout).toBe("Hello from the script.\n");
      expect(run.code).toBe(0);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe("keel's command line", () => {
  const dirs: string[] = [];
  afterEach(async () => {
    await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
  });

  it("prints its version", async () => {
    const run = await runKeel(["--version"]);
    expect(run.stdout).toBe("0.1.0 (keel)\n");
    expect(run.code).toBe(0);
  });

  it("rejects a bad output format with a clear error and exit 1", async () => {
    const run = await runKeel(["-p", "hi", "--output-format", "xml"]);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/--output-format.*xml.*(text|choices)/s);
  });

  it("rejects an unknown flag", async () => {
    const run = await runKeel(["-p", "hi", "--frobnicate"]);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/unknown option '--frobnicate'/);
  });

  it("rejects an unknown permission mode and accepts the known ones", async () => {
    const bad = await runKeel(["-p", "hi", "--permission-mode", "yolo"]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/yolo/);
    const server = await scriptedServer(hello);
    const run = await runKeel(
      ["-p", "hi", "--permission-mode", "plan", "--output-format", "stream-json"],
      {
        env: anthropicEnv(server),
      },
    );
    expect(jsonLines(run.stdout)[0]).toMatchObject({ permissionMode: "plan" });
  });

  it("says what to do when there is no prompt", async () => {
    const run = await runKeel(["-p"]);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/no prompt/);
  });

  it("goes on without an MCP server that cannot start, naming it and showing it failed", async () => {
    const dir = await mkdtemp(join(tmpdir(), "keel-"));
    dirs.push(dir);
    const file = join(dir, "mcp.json");
    await writeFile(
      file,
      JSON.stringify({ mcpServers: { fs: { command: join(dir, "no-such-server") } } }),
    );
    const server = await scriptedServer(hello);
    const run = await runKeel(
      ["-p", "hi", "--mcp-config", file, "--output-format", "stream-json", "--verbose"],
      { env: anthropicEnv(server) },
    );
    expect(run.code).toBe(0);
    expect(run.stderr).toContain('MCP server "fs"');
    expect(only(jsonLines(run.stdout), "system")).toMatchObject({
      mcp_servers: [{ name: "fs", status: "failed" }],
    });
  });

  it("refuses an --mcp-config value that is neither a file nor JSON", async () => {
    const run = await runKeel(["-p", "hi", "--mcp-config", "{not json"]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("--mcp-config");
  });

  it("names the missing credentials instead of failing obscurely", async () => {
    const server = await scriptedServer(hello);
    const run = await runKeel(["-p", "hi"], { env: { ANTHROPIC_BASE_URL: server.url } });
    expect(run.code).toBe(1);
    expect(run.stdout + run.stderr).toMatch(/ANTHROPIC_API_KEY/);
    expect(server.requests).toHaveLength(0);
  });

  it("reports a bad CLAUDE_CODE_MAX_OUTPUT_TOKENS before any request", async () => {
    const run = await runKeel(["-p", "hi"], { env: { CLAUDE_CODE_MAX_OUTPUT_TOKENS: "lots" } });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/CLAUDE_CODE_MAX_OUTPUT_TOKENS must be a positive integer/);
  });
});
