import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Query } from "@anthropic-ai/claude-agent-sdk";
import { describe, expect, it } from "vitest";
import { scriptedServer } from "../helpers/scripted.js";
import { keelOptions, loadAgentSdk, userMessage, useSdkSandbox } from "./sdk-harness.js";

const sandbox = useSdkSandbox();

/** The SDK's own request sender (its Query has no method for these subtypes). */
interface RawRequests {
  request(inner: Record<string, unknown>): Promise<{ response?: Record<string, unknown> }>;
}

/** Runs one turn, then `asks` while the query is still open (leaving the loop would close it). */
async function afterOneTurn(
  extra: Parameters<typeof keelOptions>[2],
  asks: (q: Query, send: RawRequests["request"]) => Promise<void>,
): Promise<void> {
  const { query } = await loadAgentSdk();
  const server = await scriptedServer({ turns: [{ content: "Hi there." }] });
  let finish = () => {};
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  async function* prompts() {
    yield userMessage("hello");
    await done;
  }
  const q = query({ prompt: prompts(), options: keelOptions(sandbox(), server.url, extra) });
  const raw = q as unknown as RawRequests;
  try {
    for await (const message of q) {
      if (message.type !== "result") continue;
      await asks(q, (inner) => raw.request(inner));
      break;
    }
  } finally {
    finish();
    q.close();
  }
  expect(server.violations).toEqual([]);
}

describe("the Agent SDK's session information requests", { timeout: 60_000 }, () => {
  it("list_models lists the aliases and known models; get_session_cost is /cost's account of the turn", async () => {
    await afterOneTurn({ model: "claude-haiku-4-5" }, async (q, send) => {
      const models = (await send({ subtype: "list_models" })).response?.models;
      expect(models).toContainEqual(
        expect.objectContaining({ value: "sonnet", resolvedModel: "claude-sonnet-5" }),
      );
      expect(models).toContainEqual(
        expect.objectContaining({
          value: "claude-haiku-4-5",
          supportsAdaptiveThinking: false,
          supportsEffort: false,
        }),
      );
      const cost = (await send({ subtype: "get_session_cost" })).response ?? {};
      expect(cost.total_cost_usd).toBeGreaterThan(0);
      expect(cost.text).toContain(`Total cost: $`);
      expect(cost.text).toContain("claude-haiku-4-5: ");
      expect(Object.keys(cost.model_usage as object)).toEqual(["claude-haiku-4-5"]);
      // No plan limits and no line counts to give: refused, not made up.
      await expect(q.usage_EXPERIMENTAL_MAY_CHANGE_DO_NOT_RELY_ON_THIS_API_YET()).rejects.toThrow(
        "keel has no claude.ai account or plan limits",
      );
    });
  });

  it("file_suggestions offers the @-completion's paths, less what Read may not read; set_has_subscribers is an empty success, set_color is refused", async () => {
    const box = sandbox();
    await mkdir(join(box.cwd, "src"), { recursive: true });
    await writeFile(join(box.cwd, "src", "parser.ts"), "export {};\n");
    await writeFile(join(box.cwd, "parse-notes.md"), "notes\n");
    await writeFile(join(box.cwd, "parse-secret.env"), "TOKEN=1\n");
    await mkdir(join(box.cwd, ".claude"), { recursive: true });
    await writeFile(
      join(box.cwd, ".claude", "settings.json"),
      JSON.stringify({ permissions: { deny: ["Read(./parse-secret.env)"] } }),
    );
    await afterOneTurn({ settingSources: ["project"] }, async (_q, send) => {
      const answer = await send({ subtype: "file_suggestions", query: "pars" });
      expect(answer.response?.suggestions).toEqual(["parse-notes.md", "src/parser.ts"]);
      expect(
        (await send({ subtype: "set_has_subscribers", has_subscribers: false })).response,
      ).toEqual({});
      await expect(send({ subtype: "set_color", color: "blue" })).rejects.toThrow(
        "keel has no session accent colour",
      );
    });
  });
});
