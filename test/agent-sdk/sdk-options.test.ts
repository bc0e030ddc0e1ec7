import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { Options } from "@anthropic-ai/claude-agent-sdk";
import { describe, expect, it } from "vitest";
import { scriptedServer } from "../helpers/scripted.js";
import { collect, keelOptions, loadAgentSdk, resultsOf, useSdkSandbox } from "./sdk-harness.js";

/**
 * The Agent SDK option matrix (docs/agent-sdk.md): one SDK program per option, each checking
 * what the option does to keel's run, or that keel accepts it with its one stderr line.
 */
const sandbox = useSdkSandbox();

const HELLO = { turns: [{ content: "Hello." }] };

async function runWith(extra: Options, scenario: unknown = HELLO) {
  const { query } = await loadAgentSdk();
  const server = await scriptedServer(scenario);
  const stderr: string[] = [];
  const run = await collect(
    query({
      prompt: "hi",
      options: keelOptions(sandbox(), server.url, { stderr: (d) => stderr.push(d), ...extra }),
    }),
  );
  const firstBody = server.requests.find((r) => r.answer === "turn")?.body as
    | Record<string, unknown>
    | undefined;
  return { ...run, server, stderr: stderr.join(""), firstBody };
}

describe("the Agent SDK's options against keel", () => {
  it("effort: the request asks for that effort", async () => {
    const run = await runWith({ effort: "low", model: "claude-sonnet-4-6" });
    expect(run.error).toBeUndefined();
    expect(run.firstBody?.output_config).toMatchObject({ effort: "low" });
    expect(run.server.violations).toEqual([]);
  });

  it("model: the request names the model", async () => {
    const run = await runWith({ model: "claude-haiku-4-5" });
    expect(run.error).toBeUndefined();
    expect(run.firstBody?.model).toBe("claude-haiku-4-5");
  });

  it("maxThinkingTokens: a budget below max_tokens is sent", async () => {
    const run = await runWith({ maxThinkingTokens: 2048, model: "claude-haiku-4-5" });
    expect(run.error).toBeUndefined();
    expect(run.firstBody?.thinking).toMatchObject({ type: "enabled", budget_tokens: 2048 });
    expect(run.server.violations).toEqual([]);
  });

  it("systemPrompt: a string replaces the system prompt", async () => {
    const run = await runWith({ systemPrompt: "You are a terse test agent." });
    expect(run.error).toBeUndefined();
    expect(JSON.stringify(run.firstBody?.system)).toContain("You are a terse test agent.");
  });

  it("debugFile (and debug): the debug log is written to that file", async () => {
    const debugFile = join(sandbox().home, "debug.txt");
    const run = await runWith({ debug: true, debugFile });
    expect(run.error).toBeUndefined();
    expect((await readFile(debugFile, "utf8")).length).toBeGreaterThan(0);
  });

  it("betas: accepted and the run succeeds", async () => {
    const run = await runWith({ betas: ["context-1m-2025-08-07"] });
    expect(run.error).toBeUndefined();
    expect(resultsOf(run.messages)[0]).toMatchObject({ subtype: "success" });
  });

  it("managedSettings: accepted with one stderr line saying it has no effect", async () => {
    const run = await runWith({ managedSettings: { permissions: { deny: ["Bash"] } } });
    expect(run.error).toBeUndefined();
    expect(run.stderr).toMatch(/--managed-settings[\w-]* has no effect in keel/);
  });

  it("taskBudget: sent as output_config.task_budget with its beta header", async () => {
    const run = await runWith({ taskBudget: { total: 64000 } });
    expect(run.error).toBeUndefined();
    expect(run.firstBody?.output_config).toEqual({ task_budget: { type: "tokens", total: 64000 } });
    const turn = run.server.requests.find((r) => r.answer === "turn");
    expect(turn?.headers["anthropic-beta"]).toContain("task-budgets-2026-03-13");
    expect(resultsOf(run.messages)).toHaveLength(1);
  });

  it("permissionMode 'auto': the session starts in the auto mode", async () => {
    const run = await runWith({ permissionMode: "auto" });
    expect(run.error).toBeUndefined();
    expect(run.messages[0]).toMatchObject({
      type: "system",
      subtype: "init",
      permissionMode: "auto",
    });
  });

  it("maxBudgetUsd: a tiny budget stops the run with error_max_budget_usd", async () => {
    const twoTurns = {
      turns: [
        { content: [{ type: "tool_use", name: "Glob", input: { pattern: "*.txt" } }] },
        { content: "Never reached." },
      ],
    };
    const run = await runWith({ maxBudgetUsd: 0.0000001 }, twoTurns);
    expect(resultsOf(run.messages)[0]).toMatchObject({ subtype: "error_max_budget_usd" });
  });

  it("disallowedTools: a call to the named tool is denied and reported", async () => {
    const bashCall = {
      turns: [
        { content: [{ type: "tool_use", name: "Bash", input: { command: "echo hi" } }] },
        { content: "Denied." },
      ],
    };
    const run = await runWith({ disallowedTools: ["Bash"] }, bashCall);
    expect(run.error).toBeUndefined();
    expect(resultsOf(run.messages)[0]?.permission_denials.map((d) => d.tool_name)).toEqual([
      "Bash",
    ]);
  });

  it("tools: only the listed built-in tools are offered", async () => {
    const run = await runWith({ tools: ["Read", "Glob"] });
    const names = ((run.firstBody?.tools ?? []) as { name: string }[]).map((t) => t.name).sort();
    expect(names).toEqual(["Glob", "Read"]);
  });

  it("sessionId: the run uses the given session id", async () => {
    const sessionId = "5b0c1a52-8a0e-4d55-9a57-0c7b1e0d2f11";
    const run = await runWith({ sessionId });
    expect(run.error).toBeUndefined();
    expect(run.messages[0]).toMatchObject({ subtype: "init", session_id: sessionId });
  });

  it("additionalDirectories: acceptEdits lets a write land in the added folder", async () => {
    const target = join(sandbox().home, "extra.txt");
    const write = {
      turns: [
        {
          content: [
            { type: "tool_use", name: "Write", input: { file_path: target, content: "x" } },
          ],
        },
        { content: "Written." },
      ],
    };
    const run = await runWith(
      { additionalDirectories: [sandbox().home], permissionMode: "acceptEdits" },
      write,
    );
    expect(run.error).toBeUndefined();
    expect(await readFile(target, "utf8")).toBe("x");
  });

  it("fallbackModel: accepted alongside the model and the run succeeds", async () => {
    const run = await runWith({ model: "claude-sonnet-4-6", fallbackModel: "claude-haiku-4-5" });
    expect(run.error).toBeUndefined();
    expect(run.firstBody?.model).toBe("claude-sonnet-4-6");
  });

  it("plugins: a missing plugin folder is refused as keel's --plugin-dir refuses it", async () => {
    const path = join(sandbox().home, "no-such-plugin");
    const run = await runWith({ plugins: [{ type: "local", path }] });
    expect(run.stderr + String(run.error?.message)).toContain("no-such-plugin");
  });
});
