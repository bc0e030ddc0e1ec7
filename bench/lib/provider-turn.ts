// One-turn `keel -p` straight at the scripted server (no recording proxy), on the first-party
// API or through Bedrock: the pair shows what choosing a cloud provider costs at start-up,
// since its SDK (and the AWS signing code) is loaded only when CLAUDE_CODE_USE_BEDROCK is set.

import { parseScenario } from "../../src/model/scripted/scenario.js";
import { startScriptedServer } from "../../src/model/scripted/server.js";
import { executableNodeFlags } from "./node-flags.js";
import { oneTurnScenario } from "./scenarios.js";
import type { Sandbox } from "./session.js";
import { runTimed, type TimedRun } from "./timed-process.js";

export type TurnProvider = "first-party" | "bedrock";

function providerEnv(provider: TurnProvider, url: string): NodeJS.ProcessEnv {
  if (provider === "first-party") return { ANTHROPIC_BASE_URL: url, ANTHROPIC_API_KEY: "bench" };
  return {
    CLAUDE_CODE_USE_BEDROCK: "1",
    ANTHROPIC_BEDROCK_BASE_URL: url,
    AWS_REGION: "us-west-2",
    AWS_ACCESS_KEY_ID: "AKIDEXAMPLE",
    AWS_SECRET_ACCESS_KEY: "bench-secret",
  };
}

/** Runs one turn through the provider and checks it ended with exit code 0 and no violation. */
export async function providerTurn(
  cli: string,
  sandbox: Sandbox,
  provider: TurnProvider,
): Promise<TimedRun> {
  const scenario = parseScenario(oneTurnScenario(), "bench");
  const server = await startScriptedServer({ scenario });
  try {
    const timed = await runTimed({
      command: process.execPath,
      args: [...executableNodeFlags(cli), cli, "-p", "go", "--output-format", "text"],
      cwd: sandbox.cwd,
      env: { ...sandbox.env, ...providerEnv(provider, server.url) },
    });
    if (timed.code !== 0 || server.violations.length > 0) {
      throw new Error(
        `keel -p (${provider}) exited ${timed.code} with ${server.violations.length} violations: ${timed.stderr.slice(0, 2000)}`,
      );
    }
    return timed;
  } finally {
    await server.close();
  }
}
