import { describe, expect, it } from "vitest";
import { NO_REDIS_MESSAGE } from "../../../src/remote/redis-url.js";
import type {
  RemoteAgentLauncher,
  RemoteAgentRequest,
} from "../../../src/tools/builtin/agent/remote-isolation.js";
import { parentToolResults, resultText, runWithAgent, toolUse } from "./helpers.js";

const call = (input: Record<string, unknown>) =>
  toolUse("Agent", { description: "Fix it remotely", prompt: "Fix the bug.", ...input });

/** A launcher that records what it was asked to submit and names the task it became. */
function recordingLauncher() {
  const submitted: RemoteAgentRequest[] = [];
  const launch: RemoteAgentLauncher = async (request) => {
    submitted.push(request);
    return { taskId: "rabcdefghij", branch: "keel/rabcdefghij" };
  };
  return { submitted, launch };
}

describe('the Agent tool\'s isolation: "remote"', () => {
  it("submits the agent and returns its remote task at once, without running a subagent here", async () => {
    const remote = recordingLauncher();
    const run = await runWithAgent(
      [{ content: [call({ isolation: "remote", model: "haiku" })] }, { content: "Sent." }],
      { agent: { isolation: { remote: remote.launch } }, cwd: "/work/repo" },
    );
    expect(remote.submitted).toEqual([
      {
        description: "Fix it remotely",
        prompt: "Fix the bug.",
        cwd: "/work/repo",
        permissionMode: "default",
        model: "haiku",
      },
    ]);
    const [result] = parentToolResults(run);
    expect(result?.is_error).toBeUndefined();
    expect(resultText(result!)).toContain("task rabcdefghij (kind remote_agent)");
    expect(resultText(result!)).toContain("branch keel/rabcdefghij");
    // Two parent requests and no subagent request: the agent runs elsewhere.
    expect(run.requests).toHaveLength(2);
  });

  it("fails the call with the launcher's one line when it cannot submit (no Redis configured)", async () => {
    const launch: RemoteAgentLauncher = async () => {
      throw new Error(NO_REDIS_MESSAGE);
    };
    const run = await runWithAgent(
      [{ content: [call({ isolation: "remote" })] }, { content: "ok" }],
      { agent: { isolation: { remote: launch } } },
    );
    const [result] = parentToolResults(run);
    expect(result?.is_error).toBe(true);
    expect(resultText(result!)).toContain(NO_REDIS_MESSAGE);
  });

  it("refuses an agent type other than general-purpose: a worker runs an ordinary keel session", async () => {
    const remote = recordingLauncher();
    const run = await runWithAgent(
      [{ content: [call({ isolation: "remote", subagent_type: "reviewer" })] }, { content: "ok" }],
      { agent: { isolation: { remote: remote.launch } } },
    );
    const [result] = parentToolResults(run);
    expect(result?.is_error).toBe(true);
    expect(resultText(result!)).toContain('agent type "reviewer" cannot be sent there');
    expect(remote.submitted).toEqual([]);
  });
});
