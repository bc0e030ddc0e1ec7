import { describe, expect, it } from "vitest";
import type { AgentDefinition } from "../../src/config/agent-definition.js";
import { subagentScopedConfig } from "../../src/hooks/agent-scoped-hooks.js";
import { chainStopHooks, chainToolHooks } from "../../src/hooks/chain-hooks.js";
import { withoutUntrustedRunners } from "../../src/tools/builtin/agent/untrusted-agent.js";
import type { PreToolUseOutcome, ToolHooks } from "../../src/tools/hooks.js";
import { echoTool } from "../loop/tools.js";

/** Tool hooks that answer PreToolUse with `outcome` and record the inputs they saw. */
function answering(outcome: PreToolUseOutcome, seen: unknown[] = []): ToolHooks {
  return {
    preToolUse: async (_tool, input) => {
      seen.push(input);
      return outcome;
    },
    postToolUse: async () => ({ attachments: [] }),
  };
}

const signal = new AbortController().signal;
const attachment = (text: string) =>
  ({ type: "hook_additional_context", content: [text] }) as never;

describe("an agent's own hooks after the session's", () => {
  it("see the input the session's hooks left, merge to the stricter decision, and keep both contexts", async () => {
    const seen: unknown[] = [];
    const chained = chainToolHooks(
      answering({
        permission: { behavior: "allow" },
        updatedInput: { text: "b" },
        attachments: [attachment("s")],
      }),
      answering({ permission: { behavior: "ask" }, attachments: [attachment("a")] }, seen),
    );
    const outcome = await chained.preToolUse(echoTool, { text: "a" }, "t1", signal);
    expect(seen).toEqual([{ text: "b" }]);
    expect(outcome.permission?.behavior).toBe("ask");
    expect(outcome.updatedInput).toEqual({ text: "b" });
    expect(outcome.attachments).toHaveLength(2);
  });

  it("do not run once the session's hooks denied the call", async () => {
    const seen: unknown[] = [];
    const chained = chainToolHooks(
      answering({ permission: { behavior: "deny", reason: "no" }, attachments: [] }),
      answering({ permission: { behavior: "allow" }, attachments: [] }, seen),
    );
    const outcome = await chained.preToolUse(echoTool, { text: "a" }, "t1", signal);
    expect(outcome.permission).toEqual({ behavior: "deny", reason: "no" });
    expect(seen).toEqual([]);
  });

  it("stop: feedback from both; the agent's Stop is its SubagentStop", async () => {
    const stop = chainStopHooks(
      async () => ({ blockingErrors: [{ hookName: "s", message: "one" }] }),
      async () => ({ blockingErrors: [{ hookName: "a", message: "two" }] }),
    );
    const outcome = await stop([], {} as never, false);
    expect(outcome.blockingErrors.map((e) => e.message)).toEqual(["one", "two"]);
    const group = { hooks: [{ type: "command", command: "true" }] } as never;
    expect(subagentScopedConfig({ Stop: [group], PreToolUse: [group] })).toEqual({
      PreToolUse: [group],
      SubagentStop: [group],
    });
  });

  it("of a project's agent file are dropped while the person has not trusted the folder", () => {
    const hooks = { PreToolUse: [] };
    const project: AgentDefinition = {
      name: "p",
      description: "d",
      prompt: "p",
      hooks,
      source: { kind: "project", path: "/p/.claude/agents/p.md" },
    };
    expect(withoutUntrustedRunners(project, false).hooks).toBeUndefined();
    expect(withoutUntrustedRunners(project, true).hooks).toBe(hooks);
    const user = { ...project, source: { kind: "user" as const, path: "/h/.claude/agents/p.md" } };
    expect(withoutUntrustedRunners(user, false).hooks).toBe(hooks);
  });
});
