import { describe, expect, it } from "vitest";
import type { AgentDefinition } from "../../../src/config/agent-definition.js";
import { GENERAL_PURPOSE_AGENT } from "../../../src/config/built-in-agents.js";
import type {
  BackgroundAgentLauncher,
  BackgroundAgentRequest,
} from "../../../src/tools/builtin/agent/background.js";
import { agentInputSchema } from "../../../src/tools/builtin/agent/schema.js";
import { DEFINITIONS, parentToolResults, resultText, runWithAgent, toolUse } from "./helpers.js";

const call = (input: Record<string, unknown>) =>
  toolUse("Agent", { description: "Look into it", prompt: "Go.", ...input });

/** A launcher that runs the agent at once and records what it was asked for. */
function recordingLauncher() {
  const launched: BackgroundAgentRequest[] = [];
  const launch: BackgroundAgentLauncher = async (request) => {
    launched.push(request);
    await request.run(new AbortController().signal, () => {});
    return { taskId: `a${launched.length}`, outputFile: `/tasks/a${launched.length}/output.log` };
  };
  return { launched, launch };
}

/** The effort a recorded request asked for (keel's request or the API body). */
function effortOf(request: Record<string, unknown> | undefined): unknown {
  const body = request as { effort?: unknown; output_config?: { effort?: unknown } } | undefined;
  return body?.output_config?.effort ?? body?.effort;
}

describe("the Agent tool's input, as Claude Code 2.1.332 defines it", () => {
  it("takes every AgentInput field, deprecated team_name and mode included, and nothing else", () => {
    const full = {
      description: "d",
      prompt: "p",
      subagent_type: "reviewer",
      model: "haiku",
      effort: "high",
      run_in_background: false,
      name: "reviewer-1",
      team_name: "ignored",
      mode: "plan",
      isolation: "worktree",
    };
    expect(agentInputSchema.safeParse(full).success).toBe(true);
    expect(agentInputSchema.safeParse({ ...full, effort: "huge" }).success).toBe(false);
    expect(agentInputSchema.safeParse({ ...full, name: "two words" }).success).toBe(false);
    expect(agentInputSchema.safeParse({ ...full, cwd: "/tmp" }).success).toBe(false);
  });

  it("effort: the subagent's requests ask for it, the parent's do not, and a definition's effort applies too", async () => {
    const steady: AgentDefinition = { ...GENERAL_PURPOSE_AGENT, name: "steady", effort: "low" };
    const run = await runWithAgent(
      [
        { content: [call({ effort: "max", run_in_background: false })] },
        { content: "done" },
        { content: [call({ subagent_type: "steady", run_in_background: false })] },
        { content: "done too" },
        { content: "ok" },
      ],
      { definitions: [...DEFINITIONS, steady] },
    );
    expect(run.violations).toEqual([]);
    expect(effortOf(run.requests[0])).toBeUndefined();
    expect(effortOf(run.requests[1])).toBe("max");
    expect(effortOf(run.requests[3])).toBe("low");
    expect(effortOf(run.requests[4])).toBeUndefined();
  });

  it("run_in_background: agents go to the background by default, false keeps one in the foreground", async () => {
    const { launched, launch } = recordingLauncher();
    const run = await runWithAgent(
      [
        { content: [call({ name: "scout" })] },
        { content: "found it" },
        { content: [call({ run_in_background: false })] },
        { content: "in front" },
        { content: "ok" },
      ],
      { agent: { launchBackground: launch } },
    );
    expect(launched.map((r) => r.name)).toEqual(["scout"]);
    const [first, second] = parentToolResults(run).map(resultText);
    expect(first).toContain('The agent "scout" is running in the background as task a1');
    expect(second).toContain("in front");
  });

  it("a definition with background: true runs in the background even when the call says false", async () => {
    const { launched, launch } = recordingLauncher();
    const watcher: AgentDefinition = {
      ...GENERAL_PURPOSE_AGENT,
      name: "watcher",
      background: true,
    };
    await runWithAgent(
      [
        { content: [call({ subagent_type: "watcher", run_in_background: false })] },
        { content: "watched" },
        { content: "ok" },
      ],
      { agent: { launchBackground: launch }, definitions: [...DEFINITIONS, watcher] },
    );
    expect(launched.map((r) => r.agentType)).toEqual(["watcher"]);
  });

  it("without a background launcher an agent runs in the foreground, and asking for the background is refused", async () => {
    const run = await runWithAgent([
      { content: [call({ name: "scout" }), call({ run_in_background: true })] },
      { content: "found it" },
      { content: "ok" },
    ]);
    // Parallel (concurrency-safe) calls' results come in the order they finish.
    const results = parentToolResults(run);
    expect(results).toHaveLength(2);
    const ran = results.find((result) => result.is_error !== true);
    const refused = results.find((result) => result.is_error === true);
    expect(resultText(ran!)).toContain("found it");
    expect(resultText(ran!)).toContain("name: scout");
    expect(resultText(refused!)).toContain("cannot run in the background");
  });

  it('isolation: "remote" is refused, and "worktree" where the session cannot make worktrees', async () => {
    const run = await runWithAgent([
      { content: [call({ isolation: "remote" }), call({ isolation: "worktree" })] },
      { content: "ok" },
    ]);
    const [remote, worktree] = parentToolResults(run);
    expect(remote?.is_error).toBe(true);
    expect(resultText(remote!)).toContain('isolation: "remote"');
    expect(resultText(worktree!)).toContain('isolation: "worktree" is not available');
    expect(run.requests).toHaveLength(2);
  });
});
