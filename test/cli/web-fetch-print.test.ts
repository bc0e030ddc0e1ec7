import { mkdtemp, realpath, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { SdkMessage, SdkUserMessage } from "../../src/session/sdk-messages.js";
import { jsonLines, runKeel } from "../helpers/run-keel.js";
import { anthropicEnv, scriptedServer } from "../helpers/scripted.js";
import { ARTICLE_TEXT, type PageServer, startPageServer } from "../tools/web-fetch/page-server.js";

const ANSWER = "The page says the spring tide reaches 7.8 metres.";

let dir: string;
let pages: PageServer;

beforeEach(async () => {
  dir = await realpath(await mkdtemp(join(tmpdir(), "keel-web-fetch-")));
  pages = await startPageServer();
});

afterEach(async () => {
  await pages.close();
  await rm(dir, { recursive: true, force: true });
});

/** keel -p asks WebFetch for the article, then finishes; the small model's answer is canned. */
async function fetchArticle(args: string[]) {
  const server = await scriptedServer({
    turns: [
      {
        content: [
          {
            type: "tool_use",
            name: "WebFetch",
            input: { url: `${pages.url}/article`, prompt: "How high is the spring tide?" },
          },
        ],
      },
      { content: "Done." },
    ],
    side: [{ match: { requestKind: "web_fetch" }, content: ANSWER }],
  });
  const run = await runKeel(
    ["-p", "tide?", "--output-format", "stream-json", "--verbose", ...args],
    {
      cwd: dir,
      env: anthropicEnv(server),
    },
  );
  expect(server.violations).toEqual([]);
  const lines = jsonLines(run.stdout) as SdkMessage[];
  const result = lines
    .filter((l): l is SdkUserMessage => l.type === "user")
    .flatMap((l) => (Array.isArray(l.message.content) ? l.message.content : []))
    .find((b) => b.type === "tool_result");
  const pageRequests = server.requests.filter((r) => r.kind === "web_fetch");
  return { run, result, pageRequests };
}

describe("WebFetch in keel -p, by its permission rules", () => {
  it("an allow rule naming the host lets it fetch; the small model reads the article", async () => {
    const { run, result, pageRequests } = await fetchArticle([
      "--allowedTools",
      "WebFetch(domain:127.0.0.1)",
    ]);
    expect(run.code).toBe(0);
    expect(pages.paths).toEqual(["/article"]);
    expect(result).toMatchObject({ content: ANSWER });
    expect(result?.is_error).toBeFalsy();
    expect(JSON.stringify(pageRequests[0]?.body)).toContain(ARTICLE_TEXT);
  });

  it("with the sandbox on, its network deniedDomains refuse the host even where a rule allows it", async () => {
    const sandbox = (enabled: boolean) =>
      JSON.stringify({ sandbox: { enabled, network: { deniedDomains: ["127.0.0.1"] } } });
    const allow = ["--allowedTools", "WebFetch(domain:127.0.0.1)"];
    const on = await fetchArticle([...allow, "--settings", sandbox(true)]);
    expect(on.result).toMatchObject({ is_error: true });
    expect(on.result?.content).toEqual(
      expect.stringContaining("the sandbox's network settings deny it"),
    );
    expect(pages.paths).toEqual([]);
    const off = await fetchArticle([...allow, "--settings", sandbox(false)]);
    expect(off.result?.is_error).toBeFalsy();
    expect(pages.paths).toEqual(["/article"]);
  });

  it("without a rule the call is denied, naming the rule, and the page server sees nothing", async () => {
    const { result } = await fetchArticle([]);
    expect(result).toMatchObject({ is_error: true });
    expect(result?.content).toEqual(
      expect.stringContaining('--allowedTools "WebFetch(domain:127.0.0.1)"'),
    );
    expect(pages.paths).toEqual([]);
  });

  it("a deny rule for the domain wins over allowing the whole tool", async () => {
    const { result } = await fetchArticle([
      "--allowedTools",
      "WebFetch",
      "--disallowedTools",
      "WebFetch(domain:127.0.0.1)",
    ]);
    expect(result).toMatchObject({ is_error: true });
    expect(pages.paths).toEqual([]);
  });

  it("bypassPermissions runs the tool, but a loopback host no rule names stays refused", async () => {
    const { result, pageRequests } = await fetchArticle(["--permission-mode", "bypassPermissions"]);
    expect(result).toMatchObject({ is_error: true });
    expect(JSON.stringify(result?.content)).toContain(
      "WebFetch refused 127.0.0.1: loopback addresses are reached only when a permission rule names the host exactly",
    );
    expect(pages.paths).toEqual([]);
    expect(pageRequests).toEqual([]);
  });
});
