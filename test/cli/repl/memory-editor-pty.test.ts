import { existsSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { anthropicEnv, scriptedServer } from "../../helpers/scripted.js";
import { REPL_PROMPT, usePtyRepl } from "./pty-repl.js";
import { exitWithCtrlC, typeLine } from "./pty-screen.js";

const pty = usePtyRepl("keel-memory-editor");

const RULE = "Always end an answer with PINEAPPLE.";

describe("/memory opens a memory file in $EDITOR (scripted model, validator on)", {
  timeout: 40_000,
}, () => {
  it("runs the editor on the chosen file, then the REPL goes on and the next turn has the memory", async () => {
    // The "editor": appends a line to the file it is given, and exits.
    const editor = join(pty.home, "append-rule.sh");
    await writeFile(editor, `#!/bin/sh\nprintf '%s\\n' '${RULE}' >> "$1"\n`, { mode: 0o755 });
    const server = await scriptedServer({
      turns: [{ content: "First answer." }, { content: "Second answer PINEAPPLE." }],
    });
    const repl = pty.spawn([], { ...anthropicEnv(server), EDITOR: editor });
    await repl.waitFor((s) => s.includes(REPL_PROMPT), "the prompt");

    await typeLine(repl, "first question");
    await repl.waitFor((s) => s.includes("First answer."), "the first answer");

    await typeLine(repl, "/memory");
    await repl.waitFor((s) => s.includes("Open which memory file"), "the picker");
    repl.write("\r"); // the first choice: the project's ./CLAUDE.md, missing until now
    await repl.waitFor((s) => s.includes("Edited ./CLAUDE.md"), "the edit notice");
    expect(await readFile(join(pty.dir, "CLAUDE.md"), "utf8")).toBe(`${RULE}\n`);

    await repl.waitFor((s) => s.includes(REPL_PROMPT), "the prompt again");
    await typeLine(repl, "second question");
    await repl.waitFor((s) => s.includes("Second answer PINEAPPLE."), "the second answer");

    expect(server.violations).toEqual([]);
    const bodies = server.requests.map((r) => JSON.stringify(r.body));
    expect(bodies).toHaveLength(2);
    expect(bodies[0]).not.toContain(RULE);
    expect(bodies[1]).toContain(RULE);
    expect(await exitWithCtrlC(repl)).toBe(0);
  });

  it("keeps running when Ctrl+C is pressed while the editor runs: the editor gets it, not keel", async () => {
    // An "editor" that waits until it is stopped.
    const editor = join(pty.home, "waiting-editor.sh");
    await writeFile(editor, `#!/bin/sh\ntouch "$1.started"\nwhile true; do sleep 0.05; done\n`, {
      mode: 0o755,
    });
    const server = await scriptedServer({ turns: [{ content: "Still here." }] });
    const repl = pty.spawn([], { ...anthropicEnv(server), EDITOR: editor });
    await repl.waitFor((s) => s.includes(REPL_PROMPT), "the prompt");
    await typeLine(repl, "/memory");
    await repl.waitFor((s) => s.includes("Open which memory file"), "the picker");
    repl.write("\r");
    await repl.waitFor(() => existsSync(join(pty.dir, "CLAUDE.md.started")), "the editor");
    repl.write("\x03"); // Ctrl+C while the editor has the terminal
    await repl.waitFor((s) => s.includes("was stopped by a"), "the editor's end");
    await repl.waitFor((s) => s.includes(REPL_PROMPT), "the prompt again");
    await typeLine(repl, "are you there");
    await repl.waitFor((s) => s.includes("Still here."), "an answer after the editor");
    expect(server.violations).toEqual([]);
    expect(await exitWithCtrlC(repl)).toBe(0);
  });
});
