import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { usePtyRepl } from "./pty-repl.js";
import { typeLine } from "./pty-screen.js";

const pty = usePtyRepl("keel-render");

/** Bash runs without asking here: these tests are about drawing, not permissions. */
async function startRepl(scenario: unknown) {
  const { server, screen } = await pty.start(scenario, ["--dangerously-skip-permissions"]);
  return { server, repl: screen };
}

const COUNTING = "for i in 1 2 3; do echo line$i; sleep 0.3; done";
const ANSWER = "## Counted\n\n- three lines\n- no errors\n\n```sh\necho done\n```";

describe("how the REPL shows a turn, in a real pseudo-terminal", { timeout: 30_000 }, () => {
  it("shows a running Bash call's output before it ends, then the answer as markdown", async () => {
    const { server, repl } = await startRepl({
      turns: [
        { content: [{ type: "tool_use", name: "Bash", input: { command: COUNTING } }] },
        { content: ANSWER },
      ],
    });
    await typeLine(repl, "count to three");
    // Output and the running marker on one screen: the line showed while the call still ran.
    const live = await repl.waitFor(
      (s) => s.includes("running…") && /⎿ line[12]/.test(s),
      "a line of output under the running call",
    );
    expect(live).not.toContain("## Counted");
    // Streaming shows the text plain; once the turn ends it is drawn as markdown.
    const done = await repl.waitFor(
      (s) => s.includes("## Counted") && !s.includes("Working…"),
      "the answer",
    );
    expect(done).not.toContain("running…");
    expect(done).toContain("⎿ line1");
    expect(done).toContain("* three lines");
    expect(done).toContain("echo done");
    expect(done).not.toContain("```");
    expect(server.violations).toEqual([]);
  });

  it("completes an @path from the project's files into the prompt", async () => {
    await mkdir(join(pty.dir, "src"));
    await writeFile(join(pty.dir, "src", "parser.ts"), "export {};\n");
    const { repl } = await startRepl({ turns: [{ content: "unused" }] });
    repl.write("look at @pars");
    await repl.waitFor((s) => s.includes("❯ src/parser.ts"), "the suggestion");
    repl.write("\t");
    await repl.waitFor((s) => s.includes("> look at @src/parser.ts"), "the completed path");
  });
});
