import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { usePtyRepl } from "./pty-repl.js";
import { exitWithCtrlC, typeLine } from "./pty-screen.js";

const pty = usePtyRepl("keel-slash");

const body = (server: { requests: Array<{ body: unknown }> }, index: number) =>
  JSON.stringify(server.requests[index]?.body);

describe("REPL slash commands and shell escapes in a real pseudo-terminal", {
  timeout: 60_000,
}, () => {
  it("/compact summarises through the compact side request and the next turn sees the summary", async () => {
    const { server, screen: repl } = await pty.start({
      turnMode: "count",
      turns: [{ content: "Parsers parse." }, { content: "Still with you." }],
      side: [
        {
          match: { requestKind: "compact" },
          content: "<analysis>short</analysis><summary>The user asked about parsers.</summary>",
        },
      ],
    });
    await typeLine(repl, "tell me about parsers");
    await repl.waitFor((s) => s.includes("Parsers parse."), "the first answer");
    await typeLine(repl, "/compact keep the parser facts");
    await repl.waitFor((s) => s.includes("Conversation compacted"), "the compaction notice");
    await typeLine(repl, "go on");
    await repl.waitFor((s) => s.includes("Still with you."), "the answer after compaction");
    const kinds = server.requests.map((r) => r.kind);
    expect(kinds).toEqual(["main", "compact", "main"]);
    expect(body(server, 1)).toContain("keep the parser facts");
    expect(body(server, 2)).toContain("The user asked about parsers.");
    expect(body(server, 2)).not.toContain("Parsers parse.");
    expect(await exitWithCtrlC(repl)).toBe(0);
    expect(server.violations).toEqual([]);
  });

  it("/resume picks an earlier session of the project and continues it", async () => {
    const first = await pty.start({ turns: [{ content: "Noted: seven." }] });
    await typeLine(first.screen, "remember the number seven");
    await first.screen.waitFor((s) => s.includes("Noted: seven."), "the first session's answer");
    expect(await exitWithCtrlC(first.screen)).toBe(0);

    const second = await pty.start({
      turns: [{ content: "unused" }, { content: "It was seven." }],
    });
    await typeLine(second.screen, "/resume");
    await second.screen.waitFor(
      (s) => s.includes("Resume which session?") && s.includes("remember the number seven"),
      "the session picker",
    );
    second.screen.write("\r");
    await second.screen.waitFor((s) => s.includes("Resumed session"), "the switch");
    await typeLine(second.screen, "which number?");
    await second.screen.waitFor((s) => s.includes("It was seven."), "the resumed answer");
    const sent = body(second.server, 0);
    expect(sent).toContain("remember the number seven");
    expect(sent).toContain("Noted: seven.");
    expect(await exitWithCtrlC(second.screen)).toBe(0);
    expect(second.server.violations).toEqual([]);
  });

  it("/rename names the session: /resume lists it by that name", async () => {
    const first = await pty.start({ turns: [{ content: "Noted: eight." }] });
    await typeLine(first.screen, "remember the number eight");
    await first.screen.waitFor((s) => s.includes("Noted: eight."), "the first session's answer");
    await typeLine(first.screen, "/rename");
    await first.screen.waitFor((s) => s.includes("Usage: /rename <name>"), "the usage");
    await typeLine(first.screen, "/rename number games");
    await first.screen.waitFor(
      (s) => s.includes('Session renamed to "number games"'),
      "the rename",
    );
    expect(await exitWithCtrlC(first.screen)).toBe(0);

    const second = await pty.start({ turns: [{ content: "unused" }] });
    await typeLine(second.screen, "/resume");
    await second.screen.waitFor(
      (s) => s.includes("Resume which session?") && s.includes("number games"),
      "the session picker, with the name",
    );
    second.screen.write("\u001b");
    expect(await exitWithCtrlC(second.screen)).toBe(0);
    expect(first.server.violations).toEqual([]);
  });

  it("/agents lists the built-in agents and the project's agent files", async () => {
    await mkdir(join(pty.dir, ".claude", "agents"), { recursive: true });
    await writeFile(
      join(pty.dir, ".claude", "agents", "reviewer.md"),
      "---\nname: reviewer\ndescription: Reviews diffs.\n---\nYou review.\n",
    );
    const { server, screen: repl } = await pty.start({ turns: [] });
    await typeLine(repl, "/agents");
    const shown = await repl.waitFor(
      (s) => s.includes("Project agents (.claude/agents):"),
      "the agent list",
    );
    expect(shown).toContain("Built-in agents:");
    expect(shown).toContain("general-purpose");
    expect(shown).toContain("reviewer  Reviews diffs.");
    expect(await exitWithCtrlC(repl)).toBe(0);
    expect(server.requests).toHaveLength(0);
  });

  it("!echo runs in the shell, shows its output, and the model sees it next turn", async () => {
    const { server, screen: repl } = await pty.start({ turns: [{ content: "It printed hi." }] });
    await typeLine(repl, "!echo hi-from-shell");
    await repl.waitFor(
      (s) => s.split("\n").some((line) => line.trim() === "hi-from-shell"),
      "the command's output",
    );
    expect(server.requests).toHaveLength(0);
    await typeLine(repl, "what did it print?");
    await repl.waitFor((s) => s.includes("It printed hi."), "the answer");
    expect(body(server, 0)).toContain("<bash-input>echo hi-from-shell</bash-input>");
    expect(body(server, 0)).toContain("<bash-stdout>hi-from-shell</bash-stdout>");
    expect(await exitWithCtrlC(repl)).toBe(0);
    expect(server.violations).toEqual([]);
  });

  it("runs a user command from .claude/commands with its arguments", async () => {
    await mkdir(join(pty.dir, ".claude", "commands"), { recursive: true });
    await writeFile(
      join(pty.dir, ".claude", "commands", "greet.md"),
      "---\ndescription: Greet someone by name\nargument-hint: <name>\n---\nSay hello to $ARGUMENTS politely.\n",
    );
    const { server, screen: repl } = await pty.start({ turns: [{ content: "Hello, Ada." }] });
    await typeLine(repl, "/help");
    await repl.waitFor((s) => s.includes("/greet <name>  Greet someone by name"), "the help");
    await typeLine(repl, "/greet Ada Lovelace");
    await repl.waitFor((s) => s.includes("Hello, Ada."), "the answer");
    expect(body(server, 0)).toContain("Say hello to Ada Lovelace politely.");
    expect(await exitWithCtrlC(repl)).toBe(0);
    expect(server.violations).toEqual([]);
  });
});
