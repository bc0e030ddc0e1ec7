import { describe, expect, it } from "vitest";
import { runKeel } from "../../helpers/run-keel.js";
import { anthropicEnv, scriptedServer } from "../../helpers/scripted.js";
import { REPL_PROMPT, usePtyRepl } from "./pty-repl.js";
import { exitWithCtrlC, promptRow, typeLine } from "./pty-screen.js";

/** Generous: other test runs share the machine, and nothing here asserts on time. */
const SLOW = 40_000;

const pty = usePtyRepl("keel-resume-picker");

/** Runs one earlier session in the project with `keel -p`, so the picker has it to offer. */
async function earlierSession(prompt: string, answer: string): Promise<void> {
  const server = await scriptedServer({ turns: [{ content: answer }] });
  const run = await runKeel(["-p", prompt], {
    cwd: pty.dir,
    env: { ...anthropicEnv(server), HOME: pty.home, KEEL_CONFIG_DIR: pty.stateDir },
  });
  expect(run.code).toBe(0);
}

describe("keel --resume without a session id, in a real pseudo-terminal", {
  timeout: 120_000,
}, () => {
  it("opens the session picker at start-up; the chosen session's history shows and continues", async () => {
    await earlierSession("remember the number seven", "Noted: seven.");
    await earlierSession("talk about parsers", "Parsers parse.");
    const server = await scriptedServer({
      turns: [{ content: "unused" }, { content: "It was seven." }],
    });
    const repl = pty.spawn(["--resume"], anthropicEnv(server));
    const picker = await repl.waitFor(
      (s) => s.includes("Resume which session?") && s.includes("remember the number seven"),
      "the session picker",
      SLOW,
    );
    // Newest first, each with its age and size.
    expect(picker.indexOf("talk about parsers")).toBeLessThan(
      picker.indexOf("remember the number seven"),
    );
    expect(picker).toMatch(/talk about parsers .*· 2 messages/);
    repl.write("\u001b[B"); // ↓ to the older session
    await repl.waitFor((s) => /❯ remember the number seven/.test(s), "the selection moved", SLOW);
    repl.write("\r");
    const resumed = await repl.waitFor(
      (s) => s.includes("Resumed session") && s.includes(REPL_PROMPT),
      "the switch",
      SLOW,
    );
    expect(resumed).toContain("remember the number seven");
    expect(resumed).toContain("Noted: seven.");
    expect(resumed).not.toContain("Parsers parse.");
    await typeLine(repl, "which number?", SLOW);
    await repl.waitFor((s) => s.includes("It was seven."), "the resumed answer", SLOW);
    const sent = JSON.stringify(server.requests[0]?.body);
    expect(sent).toContain("remember the number seven");
    expect(sent).toContain("Noted: seven.");
    expect(sent).not.toContain("talk about parsers");
    expect(await exitWithCtrlC(repl, SLOW)).toBe(0);
    expect(server.violations).toEqual([]);
  });

  it("a search term keeps the sessions that have it; Esc leaves a new session, the prompt given waits in the box", async () => {
    await earlierSession("remember the number seven", "Noted: seven.");
    await earlierSession("talk about parsers", "Parsers parse.");
    const server = await scriptedServer({ turns: [{ content: "A fresh start." }] });
    const repl = pty.spawn(["--resume", "PARSERS", "say hello"], anthropicEnv(server));
    const picker = await repl.waitFor(
      (s) => s.includes("Resume which session?") && s.includes("talk about parsers"),
      "the filtered picker",
      SLOW,
    );
    expect(picker).not.toContain("remember the number seven");
    repl.write("\u001b");
    await repl.waitFor(
      (s) => !s.includes("Resume which session?") && promptRow(s).includes("> say hello"),
      "the picker closed, the prompt in the box",
      SLOW,
    );
    expect(server.requests).toHaveLength(0);
    repl.write("\r");
    await repl.waitFor((s) => s.includes("A fresh start."), "the new session's answer", SLOW);
    const sent = JSON.stringify(server.requests[0]?.body);
    expect(sent).toContain("say hello");
    expect(sent).not.toContain("talk about parsers");
    expect(await exitWithCtrlC(repl, SLOW)).toBe(0);
    expect(server.violations).toEqual([]);
  });

  it("says so when the folder has no earlier session, and starts a new one", async () => {
    const server = await scriptedServer({ turns: [{ content: "unused" }] });
    const repl = pty.spawn(["-r"], anthropicEnv(server));
    await repl.waitFor(
      (s) => s.includes("No earlier sessions in this project.") && s.includes(REPL_PROMPT),
      "the notice",
      SLOW,
    );
    expect(await exitWithCtrlC(repl, SLOW)).toBe(0);
  });
});
