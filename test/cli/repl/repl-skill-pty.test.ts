import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { usePtyRepl } from "./pty-repl.js";
import { exitWithCtrlC, typeLine } from "./pty-screen.js";

const pty = usePtyRepl("keel-skill");
beforeEach(() => pty.trust());

async function skill(name: string, frontmatter: string, body: string) {
  await mkdir(join(pty.dir, ".claude", "skills", name), { recursive: true });
  await writeFile(
    join(pty.dir, ".claude", "skills", name, "SKILL.md"),
    `---\n${frontmatter}\n---\n${body}\n`,
  );
}

describe("skills in the REPL, in a pty", { timeout: 60_000 }, () => {
  it("/skill args sends the skill; a user-invocable: false skill is refused and not sent", async () => {
    await skill("greet", "description: Greets a person", "Greet $ARGUMENTS warmly.");
    await skill("house-style", "description: House style\nuser-invocable: false", "Be brief.");
    const { server, screen: repl } = await pty.start({ turns: [{ content: "Hello, Ada." }] });
    await typeLine(repl, "/house-style");
    await repl.waitFor(
      (s) => s.replace(/\n/g, "").includes("/house-style can only be started by the model"),
      "the refusal",
    );
    expect(server.requests).toHaveLength(0);
    await typeLine(repl, "/greet Ada");
    await repl.waitFor((s) => s.includes("Hello, Ada."), "the answer");
    const sent = JSON.stringify(server.requests[0]?.body);
    expect(sent).toContain("Greet Ada warmly.");
    expect(sent).toContain("Base directory for this skill:");
    expect(await exitWithCtrlC(repl)).toBe(0);
    expect(server.violations).toEqual([]);
  });
});
