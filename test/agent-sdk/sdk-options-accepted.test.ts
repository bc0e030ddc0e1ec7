import { spawn } from "node:child_process";
import type { SDKMessage, SDKUserMessage, SessionStore } from "@anthropic-ai/claude-agent-sdk";
import { describe, expect, it } from "vitest";
import { scriptedServer } from "../helpers/scripted.js";
import {
  collect,
  keelOptions,
  loadAgentSdk,
  resultsOf,
  userMessage,
  useSdkSandbox,
} from "./sdk-harness.js";

/**
 * The Agent SDK options keel accepts with one stderr line saying they have no effect
 * (contracts §12), and those the SDK itself acts on (abort, spawn, verbatim prompts,
 * structured output): one SDK program each, several options per program to keep it short.
 */
const sandbox = useSdkSandbox();

const HELLO = { turns: [{ content: "Hello." }] };

function firstTurnBody(server: Awaited<ReturnType<typeof scriptedServer>>) {
  return server.requests.find((r) => r.answer === "turn")?.body as
    | Record<string, unknown>
    | undefined;
}

describe("Agent SDK options keel accepts without effect", () => {
  it("names each one once on stderr, still runs the turn, and never calls the host's dialog callback", async () => {
    const { query } = await loadAgentSdk();
    const server = await scriptedServer(HELLO);
    const stderr: string[] = [];
    const called: string[] = [];
    const mirrored: unknown[] = [];
    const store: SessionStore = {
      append: async (_key, entries) => void mirrored.push(...entries),
      load: async () => null,
    };
    const run = await collect(
      query({
        prompt: "hi",
        options: keelOptions(sandbox(), server.url, {
          stderr: (d) => stderr.push(d),
          toolAliases: { Bash: "Glob" },
          planModeInstructions: "Plan in haiku.",
          promptSuggestions: true,
          agentProgressSummaries: true,
          forwardSubagentText: true,
          perTaskStopAffordance: true,
          supportedDialogKinds: ["refusal_fallback_prompt"],
          onUserDialog: async () => {
            called.push("onUserDialog");
            return { behavior: "cancelled" };
          },
          skills: ["release-notes"],
          systemPrompt: {
            type: "preset",
            preset: "claude_code",
            append: "Always answer in one line.",
            excludeDynamicSections: true,
            snapshot: true,
          },
          permissionPrompts: "none",
          projectConfigRoot: sandbox().home,
          sessionStore: store,
          sessionStoreFlush: "eager",
          loadTimeoutMs: 5_000,
          toolConfig: { askUserQuestion: { previewFormat: "html" } },
          executable: "node",
        }),
      }),
    );
    expect(run.error).toBeUndefined();
    expect(resultsOf(run.messages)[0]).toMatchObject({ subtype: "success", result: "Hello." });
    const said = stderr.join("");
    for (const option of [
      "toolAliases",
      "planModeInstructions",
      "promptSuggestions",
      "agentProgressSummaries",
      "forwardSubagentText",
      "supportedDialogKinds",
      "perTaskStopAffordance",
      "skills",
      "systemPrompt.excludeDynamicSections",
      "systemPrompt.snapshot",
    ]) {
      expect(said.split(`the Agent SDK's ${option} has no effect in keel`).length - 1).toBe(1);
    }
    expect(said).toContain("--permission-prompts has no effect in keel");
    expect(said).toContain("--project-config-root has no effect in keel");
    expect(said).toContain("--session-mirror has no effect in keel");
    // The preset's append does act: it ends keel's own system prompt.
    expect(JSON.stringify(firstTurnBody(server)?.system)).toContain("Always answer in one line.");
    expect(called).toEqual([]);
    expect(mirrored).toEqual([]);
    expect(server.violations).toEqual([]);
  });

  it("enableFileCheckpointing: the run goes on, and rewindFiles() to a message that is no prompt cannot rewind", async () => {
    const { query } = await loadAgentSdk();
    const server = await scriptedServer({
      turns: [{ content: "Sent as written." }],
    });
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    async function* prompts(): AsyncGenerator<SDKUserMessage> {
      yield userMessage("/no-such-command stays text");
      await held;
    }
    const q = query({
      prompt: prompts(),
      options: keelOptions(sandbox(), server.url, {
        enableFileCheckpointing: true,
        verbatimPrompts: true,
      }),
    });
    const messages: SDKMessage[] = [];
    let rewind: unknown;
    for await (const message of q) {
      messages.push(message);
      if (message.type === "result") {
        rewind = await q.rewindFiles(message.uuid);
        release();
      }
    }
    // keel keeps file checkpoints whether or not the option is set; a result's uuid has none.
    expect(rewind).toEqual({
      canRewind: false,
      error: expect.stringContaining("no file checkpoint for user message"),
    });
    // verbatimPrompts: the `/name` is not looked up (an unknown one would be refused), it is sent.
    expect(resultsOf(messages)[0]).toMatchObject({ subtype: "success" });
    expect(JSON.stringify(firstTurnBody(server)?.messages)).toContain(
      "/no-such-command stays text",
    );
  });
});

describe("Agent SDK options the SDK acts on, against keel", () => {
  it("spawnClaudeCodeProcess and outputFormat: keel runs in the host's process and answers with the schema's object", async () => {
    const { query } = await loadAgentSdk();
    const server = await scriptedServer({
      turns: [
        {
          content: [{ type: "tool_use", name: "StructuredOutput", input: { answer: "forty-two" } }],
        },
        { content: "Done." },
      ],
    });
    const spawned: string[][] = [];
    const run = await collect(
      query({
        prompt: "answer",
        options: keelOptions(sandbox(), server.url, {
          outputFormat: {
            type: "json_schema",
            schema: {
              type: "object",
              properties: { answer: { type: "string" } },
              required: ["answer"],
            },
          },
          spawnClaudeCodeProcess: ({ command, args, cwd, env, signal }) => {
            spawned.push([command, ...args]);
            return spawn(command, args, { cwd, env, signal, stdio: ["pipe", "pipe", "pipe"] });
          },
        }),
      }),
    );
    expect(run.error).toBeUndefined();
    expect(spawned).toHaveLength(1);
    expect(spawned[0]?.join(" ")).toContain("--json-schema");
    expect(resultsOf(run.messages)[0]).toMatchObject({
      subtype: "success",
      structured_output: { answer: "forty-two" },
    });
  });

  it("abortController: aborting mid-turn ends the query with the SDK's AbortError, no result", async () => {
    const { query, AbortError } = await loadAgentSdk();
    const server = await scriptedServer({
      turns: [{ content: "Never sent.", faults: [{ type: "stall", ms: 600_000 }] }],
    });
    const abortController = new AbortController();
    const q = query({
      prompt: "hi",
      options: keelOptions(sandbox(), server.url, { abortController }),
    });
    const messages: SDKMessage[] = [];
    let error: unknown;
    try {
      for await (const message of q) {
        messages.push(message);
        if (message.type === "system" && message.subtype === "init") abortController.abort();
      }
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(AbortError);
    expect(resultsOf(messages)).toEqual([]);
  });
});
