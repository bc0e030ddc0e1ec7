import { mkdir, realpath, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { usePtyRepl } from "../cli/repl/pty-repl.js";
import { exitWithCtrlC, typeLine } from "../cli/repl/pty-screen.js";
import { readJsonLines, writeRecordingHook } from "./hook-project.js";

const pty = usePtyRepl("keel-hooks-repl");

/** User settings (no trust question): DirectoryAdded recorded, MessageDisplay upper-cases. */
async function userHooks(): Promise<string> {
  const log = join(pty.home, "added.jsonl");
  const record = await writeRecordingHook(pty.home, { file: log, append: true });
  const shout = join(pty.home, "shout.mjs");
  await writeFile(
    shout,
    `import { readFileSync } from "node:fs";
const input = JSON.parse(readFileSync(0, "utf8"));
process.stdout.write(JSON.stringify({ hookSpecificOutput: { hookEventName: "MessageDisplay", displayContent: input.delta.toUpperCase() } }));
`,
  );
  const hooks = {
    DirectoryAdded: [{ matcher: "slash_command", hooks: [{ type: "command", command: record }] }],
    MessageDisplay: [{ hooks: [{ type: "command", command: `"${process.execPath}" "${shout}"` }] }],
  };
  await mkdir(join(pty.home, ".claude"), { recursive: true });
  await writeFile(join(pty.home, ".claude", "settings.json"), JSON.stringify({ hooks }));
  return log;
}

describe("hooks in the REPL (a real pseudo-terminal)", { timeout: 60_000 }, () => {
  it("/add-dir adds a folder and fires DirectoryAdded; MessageDisplay decides the answer on screen", async () => {
    const log = await userHooks();
    const extra = await realpath(pty.home);
    const { server, screen } = await pty.start({
      turns: [{ content: "quiet words\nsecond line" }],
    });
    await typeLine(screen, `/add-dir ${extra}`);
    await screen.waitFor((s) => s.includes("as a working folder for this session"), "the notice");
    const [input, ...rest] = await readJsonLines(log);
    expect(rest).toEqual([]);
    expect(input).toMatchObject({
      hook_event_name: "DirectoryAdded",
      directory: extra,
      source: "slash_command",
    });
    await typeLine(screen, "/add-dir /no/such/folder");
    await screen.waitFor(
      (s) => s.includes("/add-dir: /no/such/folder does not exist"),
      "the refusal",
    );
    await typeLine(screen, "say something");
    await screen.waitFor(
      (s) => s.includes("QUIET WORDS") && s.includes("SECOND LINE"),
      "the shown answer",
    );
    expect([...screen.scrollback(), ...screen.lines()].join("\n")).not.toContain("quiet words");
    expect(await exitWithCtrlC(screen)).toBe(0);
    expect(server.violations).toEqual([]);
  });

  it("an MCP server's request for input is a dialog; the typed answer reaches the server", async () => {
    const server = fileURLToPath(new URL("../fixtures/mcp/elicit-server.mjs", import.meta.url));
    const mcp = JSON.stringify({
      mcpServers: { asker: { command: process.execPath, args: [server] } },
    });
    const tool = "mcp__asker__ask_name";
    const { server: model, screen } = await pty.start(
      {
        turns: [{ content: [{ type: "tool_use", name: tool, input: {} }] }, { content: "Thanks." }],
      },
      ["--mcp-config", mcp, "--allowedTools", tool],
    );
    await typeLine(screen, "ask me");
    await screen.waitFor((s) => s.includes('MCP server "asker": What is your name?'), "the dialog");
    await screen.waitFor((s) => s.includes("name (required)"), "the field");
    screen.write("Ada");
    await screen.waitFor((s) => s.includes("Ada"), "the typed answer");
    screen.write("\r");
    await screen.waitFor((s) => s.includes("Thanks."), "the answer after the tool");
    expect(JSON.stringify(model.requests[1]?.body)).toContain(
      'answer: {\\"action\\":\\"accept\\",\\"content\\":{\\"name\\":\\"Ada\\"}}',
    );
    expect(await exitWithCtrlC(screen)).toBe(0);
    expect(model.violations).toEqual([]);
  });
});
