import { mkdtemp, realpath, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { costOf } from "../../src/model/cost.js";
import type { SdkMessage, SdkUserMessage } from "../../src/session/sdk-messages.js";
import { jsonLines, runKeel } from "../helpers/run-keel.js";
import { anthropicEnv, scriptedServer } from "../helpers/scripted.js";

let dir: string;
beforeEach(async () => {
  dir = await realpath(await mkdtemp(join(tmpdir(), "keel-web-search-")));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

interface ResultLine {
  type: string;
  total_cost_usd: number;
  modelUsage: Record<string, ModelUse>;
}

interface ModelUse {
  webSearchRequests: number;
  costUSD: number;
  inputTokens: number;
  outputTokens: number;
  cacheCreationInputTokens: number;
  cacheReadInputTokens: number;
}

/** The main model calls WebSearch; the nested request's answer searches (server-tool blocks). */
const scenario = {
  turns: [
    {
      content: [
        {
          type: "tool_use",
          name: "WebSearch",
          input: { query: "high tide Brest", allowed_domains: ["tides.example"] },
        },
      ],
    },
    { content: "High tide is at 12:41." },
  ],
  side: [
    {
      match: { requestKind: "side", systemPattern: "web search tool use" },
      content: [
        { type: "server_tool_use", name: "web_search", input: { query: "high tide Brest" } },
        {
          type: "web_search_tool_result",
          content: [{ title: "Tide times for Brest", url: "https://tides.example/brest" }],
        },
        { type: "text", text: "Brest's high tide today is at 12:41." },
      ],
    },
  ],
};

async function search(args: string[]) {
  const server = await scriptedServer(scenario);
  const run = await runKeel(
    ["-p", "tide?", "--output-format", "stream-json", "--verbose", ...args],
    {
      cwd: dir,
      env: anthropicEnv(server),
    },
  );
  expect(server.violations).toEqual([]);
  const result = (jsonLines(run.stdout) as SdkMessage[])
    .filter((l): l is SdkUserMessage => l.type === "user")
    .flatMap((l) => (Array.isArray(l.message.content) ? l.message.content : []))
    .find((b) => b.type === "tool_result");
  return { run, server, result };
}

describe("WebSearch in keel -p on the Anthropic provider", () => {
  it("runs a nested request with the server-side search and returns its hits", async () => {
    const { run, server, result } = await search(["--allowedTools", "WebSearch"]);
    expect(run.code).toBe(0);
    const nested = server.requests.filter((r) => r.kind === "side");
    expect(nested).toHaveLength(1);
    expect((nested[0]?.body as { tools?: unknown } | undefined)?.tools).toEqual([
      {
        type: "web_search_20250305",
        name: "web_search",
        max_uses: 8,
        allowed_domains: ["tides.example"],
      },
    ]);
    expect(result).toMatchObject({
      content: [
        'Web search results for query: "high tide Brest"',
        "",
        'Links: [{"title":"Tide times for Brest","url":"https://tides.example/brest"}]',
        "Brest's high tide today is at 12:41.",
        "",
        "REMINDER: You MUST include the sources above in your response to the user using markdown hyperlinks.",
      ].join("\n"),
    });
    // The conversation carries the tool's result, never the nested request's server blocks.
    const main = server.requests.filter((r) => r.kind === "main");
    expect(JSON.stringify(main.at(-1)?.body)).not.toContain("server_tool_use");
  });

  it("bills each search at $10 per 1,000 on top of the tokens, and counts it in modelUsage", async () => {
    const { run } = await search(["--allowedTools", "WebSearch"]);
    const result = (jsonLines(run.stdout) as unknown as ResultLine[]).find(
      (line) => line.type === "result",
    );
    const uses = Object.entries(result?.modelUsage ?? {});
    expect(uses.reduce((n, [, use]) => n + use.webSearchRequests, 0)).toBe(1);
    const [model, searcher] = uses.find(([, use]) => use.webSearchRequests === 1) ?? [];
    const tokens = costOf(model ?? "", {
      input_tokens: searcher?.inputTokens ?? 0,
      output_tokens: searcher?.outputTokens ?? 0,
      cache_creation_input_tokens: searcher?.cacheCreationInputTokens ?? 0,
      cache_read_input_tokens: searcher?.cacheReadInputTokens ?? 0,
    });
    expect(tokens.known).toBe(true);
    expect(searcher?.costUSD).toBeCloseTo(tokens.usd + 0.01, 10);
    const all = uses.reduce((sum, [, use]) => sum + use.costUSD, 0);
    expect(result?.total_cost_usd).toBeCloseTo(all, 10);
  });

  it("without a rule the call is denied and no search request is sent", async () => {
    const { server, result } = await search([]);
    expect(result).toMatchObject({ is_error: true });
    expect(server.requests.filter((r) => r.kind === "side")).toEqual([]);
  });
});

describe("WebSearch is offered only where it can run", () => {
  const initTools = (stdout: string) =>
    (jsonLines(stdout) as SdkMessage[]).find((l) => l.type === "system" && l.subtype === "init");

  it("an Anthropic session offers it; an openai: session does not", async () => {
    const server = await scriptedServer({ turns: [{ content: "hi" }] });
    const anthropic = await runKeel(["-p", "hi", "--output-format", "stream-json", "--verbose"], {
      cwd: dir,
      env: anthropicEnv(server),
    });
    expect(initTools(anthropic.stdout)).toMatchObject({
      tools: expect.arrayContaining(["WebFetch", "WebSearch"]),
    });
    // Nothing listens on port 9 of 127.0.0.1: the request fails after system/init is printed.
    const openai = await runKeel(
      ["-p", "hi", "--model", "openai:local", "--output-format", "stream-json", "--verbose"],
      { cwd: dir, env: { OPENAI_BASE_URL: "http://127.0.0.1:9/v1", CLAUDE_CODE_MAX_RETRIES: "0" } },
    );
    const tools = (initTools(openai.stdout) as { tools?: string[] } | undefined)?.tools;
    expect(tools).toContain("WebFetch");
    expect(tools).not.toContain("WebSearch");
  });
});
