import { mkdtemp, readFile, realpath, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createCliSession } from "../../src/cli/cli-session.js";
import type { CliIo } from "../../src/cli/io.js";
import type { CliOptions } from "../../src/cli/options.js";
import type { PrintModel } from "../../src/cli/print-model.js";
import { loadSessionPolicy } from "../../src/cli/session-policy.js";
import { openSessionStore } from "../../src/cli/session-store.js";
import { createScriptedProvider } from "../../src/model/scripted/provider.js";
import { parseScenario } from "../../src/model/scripted/scenario.js";
import { createHeadlessCanUseTool } from "../../src/policy/headless.js";
import { textOf } from "../../src/protocol/content.js";
import {
  loadConversation,
  readTranscript,
  sessionTranscriptPath,
} from "../../src/session/transcript/index.js";

let dir: string;
let state: string;

beforeEach(async () => {
  dir = await realpath(await mkdtemp(join(tmpdir(), "keel-rewind-")));
  state = await mkdtemp(join(tmpdir(), "keel-rewind-state-"));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
  await rm(state, { recursive: true, force: true });
});

const options: CliOptions = {
  print: true,
  outputFormat: "stream-json",
  inputFormat: "text",
  verbose: false,
  permissionMode: "bypassPermissions",
  mcpConfig: [],
  strictMcpConfig: false,
  pluginDir: [],
  pluginDirNoMcp: [],
  allowedTools: [],
  disallowedTools: [],
  addDir: [],
  continue: false,
  forkSession: false,
  sessionPersistence: true,
  includePartialMessages: false,
  prompt: "",
};

async function session(scenario: unknown) {
  const io: CliIo = {
    stdin: new PassThrough(),
    stdout: new PassThrough(),
    stderr: new PassThrough(),
    env: { HOME: dir, KEEL_CONFIG_DIR: state },
    cwd: dir,
    signal: new AbortController().signal,
  };
  const sessionId = "5d3c1f0e-8a2b-4c6d-9e7f-0a1b2c3d4e5f";
  const warn = () => {};
  const policy = await loadSessionPolicy(options, { home: dir, stateDir: state, cwd: dir }, warn);
  const model: PrintModel = {
    provider: createScriptedProvider(parseScenario(scenario, "rewind")),
    model: "claude-sonnet-5",
    maxOutputTokens: 8_000,
    apiKeySource: "none",
    retry: {},
    maxToolUseConcurrency: 10,
  };
  const store = await openSessionStore({
    stateDir: state,
    cwd: dir,
    sessionId,
    persist: true,
    history: [],
    onError: (error) => {
      throw error;
    },
  });
  const cli = await createCliSession({
    options,
    io,
    model,
    sessionId,
    history: [],
    resumed: false,
    store,
    stateDir: state,
    policy,
    canUseTool: createHeadlessCanUseTool,
    warn,
  });
  return { cli, transcriptPath: sessionTranscriptPath(state, dir, sessionId) };
}

async function drain(stream: AsyncIterable<unknown>): Promise<void> {
  for await (const _ of stream) {
    // Each turn's messages are not needed: the files and the history are checked.
  }
}

describe("rewind restores files and conversation to before a prompt", () => {
  it("puts an edited file back and continues the conversation from the earlier point", async () => {
    const file = join(dir, "notes.txt");
    const { cli, transcriptPath } = await session({
      turnMode: "count",
      turns: [
        {
          content: [
            { type: "tool_use", name: "Write", input: { file_path: file, content: "v1\n" } },
          ],
        },
        { content: "wrote v1" },
        { content: [{ type: "tool_use", name: "Read", input: { file_path: file } }] },
        {
          content: [
            {
              type: "tool_use",
              name: "Edit",
              input: { file_path: file, old_string: "v1", new_string: "v2" },
            },
          ],
        },
        { content: "now v2" },
        { content: "fresh answer" },
      ],
    });
    try {
      await drain(cli.engine.submitMessage("write v1"));
      await drain(cli.engine.submitMessage("change it to v2"));
      expect(await readFile(file, "utf8")).toBe("v2\n");

      const second = cli.engine.messages.find(
        (m) => m.type === "user" && !m.isMeta && textOf(m.message.content) === "change it to v2",
      );
      expect(await cli.rewind(second!.uuid)).toEqual([file]);
      expect(await readFile(file, "utf8")).toBe("v1\n");
      expect(cli.engine.messages.at(-1)).toMatchObject({ type: "assistant" });

      await drain(cli.engine.submitMessage("something else"));
      const chain = loadConversation(await readTranscript(transcriptPath, { onWarning: () => {} }));
      const prompts = chain.flatMap((m) =>
        m.type === "user" && typeof m.message.content === "string" ? [m.message.content] : [],
      );
      expect(prompts).toEqual(["write v1", "something else"]);
    } finally {
      await cli.dispose();
    }
  });
});
