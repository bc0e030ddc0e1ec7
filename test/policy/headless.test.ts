import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createHeadlessCanUseTool } from "../../src/policy/headless.js";
import type { AssistantMessage } from "../../src/protocol/messages.js";
import type { PermissionMode } from "../../src/tools/context.js";
import type { AnyTool } from "../../src/tools/tool.js";
import { makeToolUseContext } from "../helpers/tool-context.js";
import { engineFor, fakeTool, type RuleSet, TOOLS, useMachine } from "./fixture.js";

const machine = useMachine();

async function ask(
  tool: AnyTool,
  input: Record<string, unknown>,
  rules: RuleSet = {},
  mode: PermissionMode = "default",
) {
  const canUseTool = createHeadlessCanUseTool(engineFor(machine(), { project: rules }));
  const context = makeToolUseContext({ cwd: machine().project, mode });
  return canUseTool(tool, input, context, {} as AssistantMessage, "toolu_1");
}

describe("headless canUseTool (print mode)", () => {
  it("turns an ask into a deny naming the --allowedTools rule that would allow it", async () => {
    const result = await ask(TOOLS.Bash as AnyTool, {
      command: "npm run test -- --watch && git commit -m x",
    });
    expect(result.behavior).toBe("deny");
    if (result.behavior === "deny") {
      expect(result.message).toContain(
        '--allowedTools "Bash(npm run test:*)" "Bash(git commit:*)"',
      );
      expect(result.message).toContain("headless");
      expect(result.interrupt).toBeUndefined();
    }
  });

  it("names --permission-mode acceptEdits for an edit inside the working folder", async () => {
    const result = await ask(TOOLS.Edit as AnyTool, {
      file_path: join(machine().project, "src/a.ts"),
    });
    expect(result).toMatchObject({ behavior: "deny" });
    if (result.behavior === "deny") {
      expect(result.message).toContain("--permission-mode acceptEdits");
      expect(result.message).toContain(
        `--allowedTools "Edit(/${join(machine().project, "src/a.ts")})"`,
      );
    }
  });

  it("names --add-dir for a read outside the working folders", async () => {
    const result = await ask(TOOLS.Read as AnyTool, {
      file_path: join(machine().outside, "file.txt"),
    });
    if (result.behavior !== "deny") throw new Error("expected a denial");
    expect(result.message).toContain(`--add-dir ${machine().outside}`);
    expect(result.message).not.toContain("acceptEdits");
  });

  it("says only a person can approve what a safety check stopped", async () => {
    const result = await ask(
      TOOLS.Write as AnyTool,
      { file_path: join(machine().project, ".git/config") },
      {},
      "bypassPermissions",
    );
    if (result.behavior !== "deny") throw new Error("expected a denial");
    expect(result.message).toContain("Only a person");
    expect(result.message).not.toContain("--allowedTools");
  });

  it("passes allows (with a rewritten input) and rule denials through", async () => {
    const rewriting = fakeTool({
      name: "Rw",
      check: () => ({ behavior: "allow", updatedInput: { a: 2 } }),
    });
    expect(await ask(rewriting, { a: 1 })).toMatchObject({
      behavior: "allow",
      updatedInput: { a: 2 },
      decisionReason: { type: "other" },
    });
    const denied = await ask(TOOLS.Bash as AnyTool, { command: "rm x" }, { deny: ["Bash(rm:*)"] });
    expect(denied).toMatchObject({ behavior: "deny" });
    if (denied.behavior === "deny") expect(denied.message).toContain('"Bash(rm:*)"');
  });
});
