import { cp } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { beforeEach, describe, expect, it } from "vitest";
import { usePtyRepl } from "./pty-repl.js";
import { exitWithCtrlC, typeLine } from "./pty-screen.js";

// The skill fixture set (test/fixtures/skills) in the built REPL: what a person sees.
const FIXTURES = fileURLToPath(new URL("../../fixtures/skills", import.meta.url));

const pty = usePtyRepl("keel-skill-fixtures");
beforeEach(async () => {
  await pty.trust();
  const skillsOnly = (from: string) => !/[/\\](README\.md|biome\.json)$/.test(from);
  await cp(FIXTURES, join(pty.dir, ".claude/skills"), { recursive: true, filter: skillsOnly });
});

/** The screen with its rows joined: a long line wraps at the terminal's width. */
const joined = (screen: string) => screen.replace(/\n/g, "");

describe("the skill fixture set in the built REPL", { timeout: 60_000 }, () => {
  it("names the broken file at start, runs /release-notes with its named arguments, refuses the model-only skill", async () => {
    const { server, screen: repl } = await pty.start(
      { turns: [{ content: "Drafted the notes." }] },
      [],
      undefined,
      { cols: 200, rows: 50 },
    );
    await repl.waitFor(
      (s) => joined(s).includes("lint-fix/SKILL.md:7: the frontmatter is not valid YAML"),
      "the problems notice",
    );
    await typeLine(repl, "/house-style");
    await repl.waitFor(
      (s) => joined(s).includes("/house-style can only be started by the model"),
      "the refusal",
    );
    expect(server.requests).toHaveLength(0);
    await typeLine(repl, "/release-notes 2.4.0 quicker-start");
    await repl.waitFor((s) => s.includes("Drafted the notes."), "the answer");
    const sent = JSON.stringify(server.requests[0]?.body);
    expect(sent).toContain("Draft the release notes for version 2.4.0.");
    expect(sent).toContain("Put the person's own highlight first: quicker-start");
    expect(await exitWithCtrlC(repl)).toBe(0);
    expect(server.violations).toEqual([]);
  });
});
