import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { anthropicEnv, scriptedServer } from "../../helpers/scripted.js";
import { usePtyRepl } from "./pty-repl.js";
import { exitWithCtrlC, typeLine } from "./pty-screen.js";

/** Generous: other test runs may share the machine, and nothing here asserts on time. */
const SLOW = 40_000;

/**
 * A status line script: keeps each input it is given (one JSON a line in inputs.jsonl) and
 * prints the model's display name and the session's cost, then a second line never shown.
 */
const SCRIPT = `
let text = "";
process.stdin.on("data", (chunk) => (text += chunk));
process.stdin.on("end", () => {
  require("node:fs").appendFileSync("inputs.jsonl", text + "\\n");
  const input = JSON.parse(text);
  console.log("status: " + input.model.display_name + " $" + input.cost.total_cost_usd.toFixed(6));
  console.log("second line");
});
`;

const pty = usePtyRepl("keel-status-line");
beforeEach(() => pty.trust());

/** A project whose settings name `command` as the status line. */
async function withStatusLine(command: string): Promise<void> {
  await mkdir(join(pty.dir, ".claude"), { recursive: true });
  const statusLine = { type: "command", command, padding: 2 };
  await writeFile(join(pty.dir, ".claude", "settings.json"), JSON.stringify({ statusLine }));
}

describe("the settings' statusLine under the REPL's prompt, in a real pseudo-terminal", {
  timeout: 120_000,
}, () => {
  it("shows the command's first line, fed the session JSON, and runs it again after a turn", async () => {
    await writeFile(join(pty.dir, "status.cjs"), SCRIPT);
    await withStatusLine(`"${process.execPath}" status.cjs`);
    const server = await scriptedServer({ turns: [{ content: "Answered." }] });
    const repl = pty.spawn([], anthropicEnv(server));
    const first = await repl.waitFor(
      (s) => s.includes("  status: Sonnet 5 $0.000000"),
      "the status line",
      SLOW,
    );
    expect(first).not.toContain("second line");
    expect(first).not.toContain("/help for commands");
    await typeLine(repl, "hello", SLOW);
    await repl.waitFor((s) => s.includes("Answered."), "the answer", SLOW);
    await repl.waitFor(
      (s) => /status: Sonnet 5 \$0\.0*[1-9]/.test(s),
      "the status line with the turn's cost",
      SLOW,
    );
    const inputs = (await readFile(join(pty.dir, "inputs.jsonl"), "utf8"))
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    const last = inputs.at(-1);
    expect(last).toMatchObject({
      hook_event_name: "Status",
      cwd: pty.dir,
      model: { id: "claude-sonnet-5", display_name: "Sonnet 5" },
      workspace: { current_dir: pty.dir, project_dir: pty.dir },
      output_style: { name: "default" },
    });
    expect(last.transcript_path).toBe(
      join(
        pty.stateDir,
        "projects",
        pty.dir.replace(/[^A-Za-z0-9]/g, "-"),
        `${last.session_id}.jsonl`,
      ),
    );
    expect(await exitWithCtrlC(repl, SLOW)).toBe(0);
    expect(server.violations).toEqual([]);
  });

  it("a command that hangs or fails never holds the REPL up", async () => {
    await withStatusLine("sleep 30");
    const server = await scriptedServer({ turns: [{ content: "Still here." }] });
    const repl = pty.spawn([], { ...anthropicEnv(server), KEEL_STATUS_LINE_TIMEOUT_MS: "60000" });
    await repl.waitFor((s) => s.includes("permission mode: default"), "the start header", SLOW);
    await typeLine(repl, "hello", SLOW);
    await repl.waitFor((s) => s.includes("Still here."), "the answer", SLOW);
    expect(await exitWithCtrlC(repl, SLOW)).toBe(0);
  });
});
