import { mkdir, mkdtemp, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { fittedThinking } from "../../src/loop/build-request.js";
import { runKeel } from "../helpers/run-keel.js";
import { anthropicEnv, scriptedServer } from "../helpers/scripted.js";

let dir: string;

beforeEach(async () => {
  dir = await realpath(await mkdtemp(join(tmpdir(), "keel-settings-env-")));
  await mkdir(join(dir, ".claude"));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

interface Body {
  model: string;
  max_tokens: number;
  thinking?: unknown;
}

/** The first request keel -p sends with these settings' env (and process env). */
async function firstRequest(env: Record<string, string>, processEnv: Record<string, string> = {}) {
  await writeFile(join(dir, ".claude", "settings.json"), JSON.stringify({ env }));
  const server = await scriptedServer({ turns: [{ content: "Hello." }] });
  const run = await runKeel(["-p", "hi"], {
    cwd: dir,
    env: { ...anthropicEnv(server), ...processEnv },
  });
  expect(run.stderr).toBe("");
  expect(run.code).toBe(0);
  expect(server.violations).toEqual([]);
  return server.requests[0]?.body as Body;
}

describe("the settings' env reaches keel's own variables, as in Claude Code", () => {
  it("ANTHROPIC_MODEL and CLAUDE_CODE_MAX_OUTPUT_TOKENS from settings pick the model and max_tokens", async () => {
    const body = await firstRequest({
      ANTHROPIC_MODEL: "claude-haiku-4-5",
      CLAUDE_CODE_MAX_OUTPUT_TOKENS: "5000",
    });
    expect(body.model).toBe("claude-haiku-4-5");
    expect(body.max_tokens).toBe(5000);
  });

  it("the settings' value wins over the shell's", async () => {
    const body = await firstRequest(
      { ANTHROPIC_MODEL: "claude-haiku-4-5" },
      { ANTHROPIC_MODEL: "claude-opus-4-5" },
    );
    expect(body.model).toBe("claude-haiku-4-5");
  });

  it("MAX_THINKING_TOKENS=32000 with max_tokens 32000 sends a budget below max_tokens", async () => {
    // Haiku 4.5 thinks with a budget; models with adaptive thinking get no budget at all.
    const body = await firstRequest({
      ANTHROPIC_MODEL: "claude-haiku-4-5",
      MAX_THINKING_TOKENS: "32000",
    });
    expect(body.max_tokens).toBe(32000);
    expect(body.thinking).toEqual({ type: "enabled", budget_tokens: 31999 });
  });
});

describe("fittedThinking", () => {
  it("keeps a budget below max_tokens, lowers one that is not, turns off one that cannot fit", () => {
    expect(fittedThinking({ type: "enabled", budget_tokens: 4000 }, 8000)).toEqual({
      type: "enabled",
      budget_tokens: 4000,
    });
    expect(fittedThinking({ type: "enabled", budget_tokens: 9000 }, 8000)).toEqual({
      type: "enabled",
      budget_tokens: 7999,
    });
    expect(fittedThinking({ type: "enabled", budget_tokens: 2000 }, 1000)).toEqual({
      type: "disabled",
    });
    expect(fittedThinking({ type: "adaptive" }, 1000)).toEqual({ type: "adaptive" });
    expect(fittedThinking(undefined, 1000)).toBeUndefined();
  });
});
