import { parseScenario } from "../../src/model/scripted/scenario.js";
import { type ScriptedServer, startScriptedServer } from "../../src/model/scripted/server.js";
import { afterEachTest } from "./after-each-test.js";

const running: ScriptedServer[] = [];

afterEachTest(async () => {
  const servers = running.splice(0);
  await Promise.all(servers.map((s) => s.close()));
});

/**
 * Starts a scripted Messages API server for a scenario (validator on), closed after the test.
 * Every end-to-end test checks `server.violations` is empty: a violation fails the test.
 */
export async function scriptedServer(scenario: unknown): Promise<ScriptedServer> {
  const server = await startScriptedServer({ scenario: parseScenario(scenario, "test scenario") });
  running.push(server);
  return server;
}

/** The environment that points keel at a scripted server. */
export function anthropicEnv(server: ScriptedServer): Record<string, string> {
  return { ANTHROPIC_BASE_URL: server.url, ANTHROPIC_API_KEY: "test-key" };
}
