import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";
import type { SdkUserMessage } from "../../src/session/sdk-messages.js";
import { jsonLines, only, runKeel } from "../helpers/run-keel.js";
import { anthropicEnv, scriptedServer } from "../helpers/scripted.js";

const root = fileURLToPath(new URL("../..", import.meta.url));

it("the README's demo scenario runs through keel -p in this repository, tools and all", async () => {
  const scenario = JSON.parse(
    await readFile(new URL("../../examples/scenarios/demo.json", import.meta.url), "utf8"),
  );
  const server = await scriptedServer(scenario);
  const run = await runKeel(["-p", "Who are you?", "--output-format", "stream-json"], {
    cwd: root,
    env: anthropicEnv(server),
  });
  const lines = jsonLines(run.stdout);
  const results = lines
    .filter((l): l is SdkUserMessage => l.type === "user")
    .flatMap((l) => (Array.isArray(l.message.content) ? l.message.content : []))
    .filter((b) => b.type === "tool_result");
  expect(server.violations).toEqual([]);
  expect(results).toHaveLength(2);
  expect(results.every((r) => !r.is_error)).toBe(true);
  expect(only(lines, "result")).toMatchObject({ is_error: false, num_turns: 3 });
  expect(run.code).toBe(0);
});
