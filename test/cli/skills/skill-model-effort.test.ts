import { mkdir, mkdtemp, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { skillTurnOverrides } from "../../../src/cli/slash/skill-overrides.js";
import { runKeel } from "../../helpers/run-keel.js";
import { anthropicEnv, scriptedServer } from "../../helpers/scripted.js";
import { openRealRepl, turn } from "../repl/real-repl-session.js";
import { until } from "../repl/repl-harness.js";

let dir: string;

beforeEach(async () => {
  dir = await realpath(await mkdtemp(join(tmpdir(), "keel-skill-model-")));
  await mkdir(join(dir, ".claude/skills/quick"), { recursive: true });
  await writeFile(
    join(dir, ".claude/skills/quick/SKILL.md"),
    "---\ndescription: Answers quickly\nmodel: opus\neffort: LOW\n---\nAnswer in one line.\n",
  );
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

type Body = { model: string; output_config?: { effort?: string } };

function bodies(server: { requests: Array<{ body: unknown }> }): Body[] {
  return server.requests.map((request) => request.body as Body);
}

const userLine = (text: string) =>
  JSON.stringify({
    type: "user",
    message: { role: "user", content: text },
    parent_tool_use_id: null,
  });

describe("a skill's model and effort", () => {
  it("hold for the turn /name starts, and the next turn goes back to the session's", async () => {
    const server = await scriptedServer({ turns: [{ content: "one" }, { content: "two" }] });
    const keel = await runKeel(
      ["--input-format", "stream-json", "--output-format", "stream-json", "--verbose"],
      { cwd: dir, env: anthropicEnv(server), stdin: `${userLine("/quick")}\n${userLine("hi")}\n` },
    );
    expect(server.violations).toEqual([]);
    expect(keel.code).toBe(0);
    const [first, second] = bodies(server);
    expect(first?.model).toBe("claude-opus-5-5");
    expect(first?.output_config?.effort).toBe("low");
    expect(second?.model).not.toBe("claude-opus-5-5");
    expect(second?.output_config?.effort).toBeUndefined();
  });

  it("hold from the Skill tool's call to the end of the turn", async () => {
    const server = await scriptedServer({
      turns: [
        { content: [{ type: "tool_use", name: "Skill", input: { skill: "quick" } }] },
        { content: "Done." },
      ],
    });
    const keel = await runKeel(["-p", "be quick"], { cwd: dir, env: anthropicEnv(server) });
    expect(server.violations).toEqual([]);
    expect(keel.code).toBe(0);
    const [before, after] = bodies(server);
    expect(before?.model).not.toBe("claude-opus-5-5");
    expect(before?.output_config?.effort).toBeUndefined();
    expect(after?.model).toBe("claude-opus-5-5");
    expect(after?.output_config?.effort).toBe("low");
  });

  it("hold for the REPL turn /name starts, the session's model untouched, and the next turn goes back", async () => {
    const home = join(dir, "home");
    const write = { type: "tool_use", name: "Write", input: { file_path: "a.txt", content: "a" } };
    const repl = await openRealRepl({ cwd: dir, home, stateDir: join(home, ".keel") }, [
      { content: [write] },
      { content: "two" },
    ]);
    try {
      repl.controller.submit("/quick");
      // Mid-turn (the Write waits for the person): the turn runs on opus, the session does not;
      // the refusal ends the turn.
      await until(repl.controller, (s) => s.questions.length > 0, "the Write's question");
      expect(repl.session.models?.current()).toBe("claude-sonnet-5");
      repl.controller.answer({ kind: "deny", feedback: "" });
      await until(repl.controller, (s) => !s.busy, "the /quick turn's end");
      await turn(repl.controller, "hi");
      const sent = repl.provider.requests.map((request) => request.body as Body);
      expect(sent.map((body) => body.model)).toEqual(["claude-opus-5-5", "claude-sonnet-5"]);
      expect(sent.map((body) => body.output_config?.effort)).toEqual(["low", undefined]);
      expect(repl.session.models?.current()).toBe("claude-sonnet-5");
      expect(repl.provider.violations).toEqual([]);
    } finally {
      await repl.close();
    }
  });

  it("a skill naming the model the session started with gets it after /model chose another", async () => {
    await mkdir(join(dir, ".claude/skills/steady"), { recursive: true });
    await writeFile(
      join(dir, ".claude/skills/steady/SKILL.md"),
      "---\ndescription: Stays on sonnet\nmodel: sonnet\n---\nAnswer carefully.\n",
    );
    const home = join(dir, "home");
    const repl = await openRealRepl({ cwd: dir, home, stateDir: join(home, ".keel") }, [
      { content: "one" },
      { content: "two" },
    ]);
    try {
      // What /model opus switches (this harness's scripted backend refuses /model's name check).
      repl.session.models?.set("claude-opus-5-5");
      await turn(repl.controller, "/steady");
      await turn(repl.controller, "hi");
      const sent = repl.provider.requests.map((request) => (request.body as Body).model);
      expect(sent).toEqual(["claude-sonnet-5", "claude-opus-5-5"]);
      expect(repl.provider.violations).toEqual([]);
    } finally {
      await repl.close();
    }
  });

  it("model: inherit keeps the session's model", () => {
    expect(skillTurnOverrides({ model: "inherit" })).toBeUndefined();
    expect(skillTurnOverrides({ model: "haiku", effort: "max" })).toEqual({
      model: "claude-haiku-4-5",
      effort: "max",
    });
  });
});
