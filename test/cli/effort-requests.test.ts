import { readdirSync, readFileSync } from "node:fs";
import { mkdir, mkdtemp, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runKeel } from "../helpers/run-keel.js";
import { anthropicEnv, scriptedServer } from "../helpers/scripted.js";

/** One case of a family's fixture: flags and settings, and the request fields they give. */
interface ShapeCase {
  args: string[];
  settings?: Record<string, unknown>;
  thinking?: unknown;
  output_config?: unknown;
}

const FIXTURES = fileURLToPath(new URL("../fixtures/anthropic/effort-requests/", import.meta.url));
const families = readdirSync(FIXTURES)
  .filter((name) => name.endsWith(".json"))
  .map((name) => ({
    name,
    ...(JSON.parse(readFileSync(join(FIXTURES, name), "utf8")) as {
      model: string;
      cases: ShapeCase[];
    }),
  }));

let dir: string;

beforeEach(async () => {
  dir = await realpath(await mkdtemp(join(tmpdir(), "keel-effort-")));
  await mkdir(join(dir, ".claude"));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The first request `keel -p` sends for this model, flags and project settings. */
async function firstRequest(model: string, shape: ShapeCase) {
  await writeFile(join(dir, ".claude", "settings.json"), JSON.stringify(shape.settings ?? {}));
  const server = await scriptedServer({ turns: [{ content: "Hello." }] });
  const run = await runKeel(["-p", "hi", "--model", model, ...shape.args], {
    cwd: dir,
    env: anthropicEnv(server),
  });
  expect(run.stderr).toBe("");
  expect(run.code).toBe(0);
  expect(server.violations).toEqual([]);
  return server.requests[0]?.body as Record<string, unknown>;
}

describe("effort and thinking requests equal the derived Claude Code shapes, per model family", () => {
  for (const family of families) {
    for (const shape of family.cases) {
      const label = [...shape.args, JSON.stringify(shape.settings ?? {})].join(" ");
      it(`${family.model} (${family.name}): ${label}`, async () => {
        const body = await firstRequest(family.model, shape);
        expect(body.thinking).toEqual(shape.thinking);
        expect(body.output_config).toEqual(shape.output_config);
      });
    }
  }
});

describe("where the effort comes from", () => {
  it("--effort wins over CLAUDE_CODE_EFFORT_LEVEL, which wins over effortLevel", async () => {
    await writeFile(
      join(dir, ".claude", "settings.json"),
      JSON.stringify({ effortLevel: "low", env: { CLAUDE_CODE_EFFORT_LEVEL: "medium" } }),
    );
    const server = await scriptedServer({ turns: [{ content: "a" }, { content: "b" }] });
    await runKeel(["-p", "hi"], { cwd: dir, env: anthropicEnv(server) });
    await runKeel(["-p", "hi", "--effort", "max"], { cwd: dir, env: anthropicEnv(server) });
    const efforts = server.requests.map(
      (r) => (r.body as { output_config?: { effort: string } }).output_config?.effort,
    );
    expect(efforts).toEqual(["medium", "max"]);
  });

  it("a bad --effort, effortLevel or CLAUDE_CODE_EFFORT_LEVEL is named", async () => {
    const server = await scriptedServer({ turns: [{ content: "Hello." }] });
    const flag = await runKeel(["-p", "hi", "--effort", "huge"], { env: anthropicEnv(server) });
    expect(flag.code).toBe(1);
    expect(flag.stderr).toContain("Allowed choices are low, medium, high, xhigh, max");
    const env = await runKeel(["-p", "hi"], {
      env: { ...anthropicEnv(server), CLAUDE_CODE_EFFORT_LEVEL: "lots" },
    });
    expect(env.code).toBe(1);
    expect(env.stderr).toContain("CLAUDE_CODE_EFFORT_LEVEL must be one of low, medium, high");
    await writeFile(join(dir, ".claude", "settings.json"), JSON.stringify({ effortLevel: 3 }));
    const setting = await runKeel(["-p", "hi"], { cwd: dir, env: anthropicEnv(server) });
    expect(setting.code).toBe(0);
    expect(setting.stderr).toContain("effortLevel");
    const last = server.requests.at(-1)?.body as { output_config?: unknown } | undefined;
    expect(last).toBeDefined();
    expect(last?.output_config).toBeUndefined();
  });
});
