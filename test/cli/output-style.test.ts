import { mkdir, mkdtemp, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runKeel } from "../helpers/run-keel.js";
import { anthropicEnv, scriptedServer } from "../helpers/scripted.js";

let dir: string;

beforeEach(async () => {
  dir = await realpath(await mkdtemp(join(tmpdir(), "keel-output-style-")));
  await mkdir(join(dir, ".claude", "output-styles"), { recursive: true });
  await writeFile(
    join(dir, ".claude", "output-styles", "ultra-concise.md"),
    "---\nname: Ultra Concise\ndescription: Minimal words\n---\n\nUse absolute minimum words.\n",
  );
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function run(outputStyle: string | undefined, args: string[] = []) {
  const settings = outputStyle === undefined ? {} : { outputStyle };
  await writeFile(join(dir, ".claude", "settings.json"), JSON.stringify(settings));
  const server = await scriptedServer({ turns: [{ content: "Hello." }] });
  const keel = await runKeel(["-p", "hi", ...args], { cwd: dir, env: anthropicEnv(server) });
  expect(keel.code).toBe(0);
  expect(server.violations).toEqual([]);
  const body = server.requests[0]?.body as { system?: unknown } | undefined;
  const system = JSON.stringify(body?.system);
  return { stderr: keel.stderr, system };
}

describe("outputStyle", () => {
  it("a style of .claude/output-styles, by its frontmatter name, goes into the system prompt", async () => {
    const { stderr, system } = await run("Ultra Concise");
    expect(stderr).toBe("");
    expect(system).toContain("# Output style: Ultra Concise\\nUse absolute minimum words.");
  });

  it("Claude Code's built-in styles are there too; default adds nothing", async () => {
    expect((await run("Explanatory")).system).toContain("# Output style: Explanatory");
    expect((await run("Learning")).system).toContain("# Output style: Learning");
    expect((await run("default")).system).not.toContain("# Output style");
    expect((await run(undefined)).system).not.toContain("# Output style");
  });

  it("a name found nowhere is said once on stderr and the default style is used", async () => {
    const { stderr, system } = await run("Welfare");
    expect(stderr).toBe(
      'keel: outputStyle: no output style is named "Welfare" (there are default, Explanatory, Learning, Ultra Concise); keel answers in its default style\n',
    );
    expect(system).not.toContain("# Output style");
  });

  it("--system-prompt replaces the style too", async () => {
    const { system } = await run("Ultra Concise", ["--system-prompt", "Be brief."]);
    expect(system).not.toContain("# Output style");
  });
});
