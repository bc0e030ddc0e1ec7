import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { jsonLines, only, runKeel } from "../helpers/run-keel.js";
import { anthropicEnv, scriptedServer } from "../helpers/scripted.js";
import {
  expectHookInput,
  readJsonLines,
  useHookProject,
  writeRecordingHook,
} from "./hook-project.js";

const project = useHookProject("keel-hook-fallback-");

/** PreModelSwitch and PostModelSwitch hooks that append their stdin to switches.jsonl. */
async function recordSwitches(): Promise<void> {
  const { dir } = project;
  const path = await writeRecordingHook(dir, { file: join(dir, "switches.jsonl"), append: true });
  const group = [{ hooks: [{ type: "command", command: path }] }];
  const hooks = { PreModelSwitch: group, PostModelSwitch: group };
  await writeFile(join(dir, ".claude", "settings.json"), JSON.stringify({ hooks }));
}

describe("PostModelSwitch when the fallback model takes over", () => {
  it("fires once with source auto, field by field; PreModelSwitch does not fire", async () => {
    const { dir, stateDir } = project;
    await recordSwitches();
    const overloaded = { type: "http_error", status: 529, times: 3 };
    const server = await scriptedServer({ turns: [{ content: "Hello.", faults: [overloaded] }] });
    const args = ["-p", "hi", "--output-format", "stream-json", "--verbose"];
    const run = await runKeel([...args, "--fallback-model", "claude-haiku-4-5"], {
      cwd: dir,
      env: { ...anthropicEnv(server), KEEL_CONFIG_DIR: stateDir, KEEL_RETRY_BASE_MS: "1" },
    });
    expect(run.code).toBe(0);
    const lines = jsonLines(run.stdout);
    const sessionId = only(lines, "result").session_id;
    const inputs = await readJsonLines(join(dir, "switches.jsonl"));
    expect(inputs).toHaveLength(1);
    const input = inputs[0] ?? {};
    expectHookInput(input, {
      event: "PostModelSwitch",
      sessionId,
      cwd: dir,
      mode: "default",
      fields: [
        "from_model",
        "to_model",
        "requested_model",
        "source",
        "context_tokens",
        "prompt_cache_warm",
        "cache_ttl",
        "estimated_cache_write_usd",
        "pricing",
      ],
    });
    expect(input.from_model).toBe("claude-sonnet-5");
    expect(input.to_model).toBe("claude-haiku-4-5");
    expect(input.requested_model).toBe("claude-haiku-4-5");
    expect(input.source).toBe("auto");
    expect(input.context_tokens).toBeGreaterThan(0);
    expect(input.prompt_cache_warm).toBe(false);
    expect(input.cache_ttl).toBe("5m");
    // Haiku's input is $1 per million tokens; a cache write 1.25 times that.
    expect(input.estimated_cache_write_usd).toBeCloseTo(
      (Number(input.context_tokens) * 1.25) / 1e6,
      12,
    );
    expect(input.pricing).toBe("catalog");
    const last = server.requests.at(-1)?.body as { model: string };
    expect(last.model).toBe("claude-haiku-4-5");
  });
});
