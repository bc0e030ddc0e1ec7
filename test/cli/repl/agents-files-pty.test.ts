import { existsSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { anthropicEnv, scriptedServer } from "../../helpers/scripted.js";
import { REPL_PROMPT, usePtyRepl } from "./pty-repl.js";
import { exitWithCtrlC, typeLine } from "./pty-screen.js";

const pty = usePtyRepl("keel-agents-files");

const PROMPT = "You are the PTY-TRANSLATOR-MARKER agent.";

describe("/agents new and delete in the built REPL (scripted model, validator on)", {
  timeout: 60_000,
}, () => {
  it("creates an agent in $EDITOR that the next turn starts, then deletes it after the person confirms", async () => {
    // The "editor": replaces the template with a finished agent file, and exits.
    const finished = join(pty.home, "translator.md");
    await writeFile(
      finished,
      `---\nname: translator\ndescription: Translates text.\n---\n${PROMPT}\n`,
    );
    const editor = join(pty.home, "fill-agent.sh");
    await writeFile(editor, `#!/bin/sh\ncp '${finished}' "$1"\n`, { mode: 0o755 });
    const server = await scriptedServer({
      turnMode: "count",
      turns: [
        {
          content: [
            {
              type: "tool_use",
              name: "Agent",
              input: {
                description: "Translate",
                prompt: "Translate 'hello' into French.",
                subagent_type: "translator",
                run_in_background: false,
              },
            },
          ],
        },
        { content: "bonjour" },
        { content: "It is bonjour." },
      ],
    });
    const repl = pty.spawn([], { ...anthropicEnv(server), EDITOR: editor });
    await repl.waitFor((s) => s.includes(REPL_PROMPT), "the prompt");

    await typeLine(repl, "/agents new translator");
    await repl.waitFor((s) => s.includes("Created ./.claude/agents/translator.md"), "the notice");
    const path = join(pty.dir, ".claude", "agents", "translator.md");
    expect(await readFile(path, "utf8")).toContain(PROMPT);

    await repl.waitFor((s) => s.includes(REPL_PROMPT), "the prompt again");
    await typeLine(repl, "say hello in French");
    await repl.waitFor((s) => s.includes("It is bonjour."), "the answer");
    const bodies = server.requests.map((r) => JSON.stringify(r.body));
    expect(bodies[0]).toContain("- translator: Translates text.");
    expect(bodies[1]).toContain("PTY-TRANSLATOR-MARKER");

    await typeLine(repl, "/agents delete translator");
    await repl.waitFor((s) => s.includes("Delete the agent translator"), "the confirmation");
    repl.write("\r"); // the first choice: yes
    await repl.waitFor((s) => s.includes("no longer offers translator"), "the deletion");
    expect(existsSync(path)).toBe(false);

    expect(server.violations).toEqual([]);
    expect(await exitWithCtrlC(repl)).toBe(0);
  });
});
