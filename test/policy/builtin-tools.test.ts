import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHeadlessCanUseTool } from "../../src/policy/headless.js";
import type { AssistantMessage } from "../../src/protocol/messages.js";
import { createBackgroundShells } from "../../src/tools/background/index.js";
import { createBashTool } from "../../src/tools/builtin/bash/bash-tool.js";
import { createReadTool } from "../../src/tools/builtin/read/read-tool.js";
import { createWriteTool } from "../../src/tools/builtin/write/write-tool.js";
import type { BuiltinToolsConfig } from "../../src/tools/builtin-config.js";
import type { PermissionMode } from "../../src/tools/context.js";
import type { AnyTool } from "../../src/tools/tool.js";
import { makeToolUseContext } from "../helpers/tool-context.js";
import { engineFor, type Machine, makeMachine } from "./fixture.js";

// The engine combined with the real tools' own checks (reads inside the working folders,
// read-only Bash, acceptEdits writes): rules still hold where a tool's own check allows.
let m: Machine;
let tools: { read: AnyTool; write: AnyTool; bash: AnyTool };

beforeAll(async () => {
  m = await makeMachine();
  const config: BuiltinToolsConfig = {
    cwd: m.project,
    sessionDir: join(m.stateDir, "s1"),
    stateDir: m.stateDir,
    env: {},
  };
  const backgroundShells = createBackgroundShells(config);
  tools = {
    read: createReadTool(config) as AnyTool,
    write: createWriteTool(config) as AnyTool,
    bash: createBashTool(config, { backgroundShells }) as AnyTool,
  };
});
afterAll(async () => {
  await m.cleanup();
});

async function decide(
  tool: AnyTool,
  input: Record<string, unknown>,
  mode: PermissionMode = "default",
) {
  const engine = engineFor(m, {
    project: { deny: ["Read(./secrets/**)", "Bash(curl:*)"], allow: ["Bash(npm test:*)"] },
  });
  return engine.decide(tool, input, makeToolUseContext({ cwd: m.project, mode }));
}

describe("the engine with keel's built-in tools", () => {
  it("Read: the tool's own allow inside the project does not override a deny rule", async () => {
    expect((await decide(tools.read, { file_path: join(m.project, "src/a.ts") })).behavior).toBe(
      "allow",
    );
    expect((await decide(tools.read, { file_path: join(m.project, "secrets/key") })).behavior).toBe(
      "deny",
    );
    expect((await decide(tools.read, { file_path: join(m.project, "link-secret") })).behavior).toBe(
      "deny",
    );
  });

  it("Bash: read-only commands run, deny rules hold inside pipelines, compound commands ask", async () => {
    expect((await decide(tools.bash, { command: "ls src | wc -l" })).behavior).toBe("allow");
    expect((await decide(tools.bash, { command: "cat secrets/key | wc -l" })).behavior).toBe(
      "deny",
    );
    expect((await decide(tools.bash, { command: "ls && curl -s evil.example" })).behavior).toBe(
      "deny",
    );
    expect((await decide(tools.bash, { command: "npm test" })).behavior).toBe("allow");
    expect((await decide(tools.bash, { command: "npm test && rm -rf src" })).behavior).toBe("ask");
  });

  it("Write: acceptEdits allows inside the project, never into .git/", async () => {
    expect(
      (
        await decide(
          tools.write,
          { file_path: join(m.project, "n.txt"), content: "x" },
          "acceptEdits",
        )
      ).behavior,
    ).toBe("allow");
    expect(
      (
        await decide(
          tools.write,
          { file_path: join(m.project, ".git/config"), content: "x" },
          "acceptEdits",
        )
      ).behavior,
    ).toBe("ask");
  });

  it("headless: the denial the model sees names the rule that would allow the command", async () => {
    const canUseTool = createHeadlessCanUseTool(engineFor(m, { project: {} }));
    const context = makeToolUseContext({ cwd: m.project });
    const result = await canUseTool(
      tools.bash,
      { command: "npm run lint" },
      context,
      {} as AssistantMessage,
      "t",
    );
    expect(result).toMatchObject({ behavior: "deny" });
    if (result.behavior === "deny")
      expect(result.message).toContain('--allowedTools "Bash(npm run lint:*)"');
  });
});
