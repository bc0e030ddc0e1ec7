import { mkdir, mkdtemp, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { SdkAssistantMessage } from "../../src/session/sdk-messages.js";
import { jsonLines, runKeel } from "../helpers/run-keel.js";
import { anthropicEnv, scriptedServer } from "../helpers/scripted.js";
import { countedBefore, type PromptedBody } from "../helpers/without-prompt.js";

let dir: string;
beforeEach(async () => {
  dir = await realpath(await mkdtemp(join(tmpdir(), "keel-context-command-")));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const user = (content: string) =>
  JSON.stringify({ type: "user", message: { role: "user", content } });

describe("/context through keel's stream-json session", () => {
  it("reports as its total the next request's input tokens as the scripted server counts them", async () => {
    await writeFile(join(dir, "CLAUDE.md"), "# Rules\nRun the tests before saying done.\n");
    await mkdir(join(dir, ".claude", "skills", "greet"), { recursive: true });
    await writeFile(
      join(dir, ".claude", "skills", "greet", "SKILL.md"),
      "---\nname: greet\ndescription: Greets in the house style\n---\nSay hello warmly.\n",
    );
    const server = await scriptedServer({
      turnMode: "count",
      turns: [{ content: "Hi there." }, { content: "Bye." }],
    });
    const keel = await runKeel(
      ["--input-format", "stream-json", "--output-format", "stream-json", "--verbose"],
      {
        cwd: dir,
        env: { ...anthropicEnv(server), HOME: dir, KEEL_CONFIG_DIR: join(dir, ".keel") },
        stdin: `${user("hello")}\n${user("/context")}\n${user("bye")}\n`,
      },
    );
    expect(keel.code).toBe(0);
    expect(server.violations).toEqual([]);
    const lines = jsonLines(keel.stdout);
    const report = lines.find(
      (m): m is SdkAssistantMessage => m.type === "assistant" && m.context_usage !== undefined,
    );
    const usage = report?.context_usage;
    if (!usage) throw new Error(`no /context report in:\n${keel.stdout}\n${keel.stderr}`);

    const main = server.requests.filter((r) => r.kind === "main");
    expect(main).toHaveLength(2);
    const next = main[1]?.body as PromptedBody;
    expect(usage.total_tokens).toBe(await countedBefore(server.url, next, "bye"));

    const used = usage.categories.filter((c) => c.kind === "used");
    expect(used.reduce((n, c) => n + c.tokens, 0)).toBe(usage.total_tokens);
    const named = Object.fromEntries(used.map((c) => [c.name, c.tokens]));
    for (const name of ["System prompt", "System tools", "Memory files", "Skills", "Messages"]) {
      expect(named[name], name).toBeGreaterThan(0);
    }
    const results = lines.filter((m) => m.type === "result");
    expect(results.map((r) => r.is_error)).toEqual([false, false, false]);
    expect(results[1]?.result).toContain("## Context Usage");
    expect(results[1]?.result).toContain("Total counted by the API");
    expect(results[1]?.result).toContain(`**Tokens:** ${usage.total_tokens} / `);
    expect(results[1]?.result).toMatch(/\| Memory files \| \d+ \|/);
  });
});
