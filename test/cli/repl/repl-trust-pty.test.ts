import { existsSync } from "node:fs";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { trustFilePath } from "../../../src/config/trust/trust-store.js";
import { anthropicEnv, scriptedServer } from "../../helpers/scripted.js";
import { REPL_PROMPT as PROMPT, usePtyRepl } from "./pty-repl.js";
import { exitWithCtrlC, type PtyScreen, typeLine } from "./pty-screen.js";

const TEST_SERVER = fileURLToPath(new URL("../../fixtures/mcp/test-server.mjs", import.meta.url));
/** Generous: other test runs may share the machine, and nothing here asserts on time. */
const SLOW = 40_000;
const QUESTION = "Do you trust the files in this folder?";
const YES = "1. Yes, I trust this folder";
const NO = "2. No, start without what it would run";

const pty = usePtyRepl("keel-repl-trust");

/**
 * The screen without its line breaks, spaces and the dialog's side borders: a long line may
 * wrap anywhere (a checkout's path is as long as it is).
 */
const flat = (text: string) => text.replace(/[\s│]+/g, "");
const shows = (screen: string, text: string) => flat(screen).includes(flat(text));

/**
 * A project whose `.claude/settings.json` brings two hooks and `env` (and, with `command`, a
 * `.claude/commands/hi.md` with an !`command` line its allowed-tools cover): each, when it
 * runs, leaves a file in the folder.
 */
async function codeFolder(folder: string, options: { command?: boolean } = {}): Promise<void> {
  await mkdir(join(folder, ".claude", "commands"), { recursive: true });
  const settings = {
    env: { FOO: "bar" },
    hooks: {
      SessionStart: [{ hooks: [{ type: "command", command: "touch started-marker" }] }],
      UserPromptSubmit: [
        { hooks: [{ type: "command", command: 'printf %s "$FOO" > prompt-marker' }] },
      ],
    },
  };
  await writeFile(join(folder, ".claude", "settings.json"), JSON.stringify(settings));
  if (options.command) {
    await writeFile(
      join(folder, ".claude", "commands", "hi.md"),
      "---\nallowed-tools: Bash(touch:*)\n---\nSay hi. !`touch cmd-marker`\n",
    );
  }
}

const marker = (folder: string, name: string) => existsSync(join(folder, name));

async function trustFile(): Promise<{ folders: Record<string, { trustedAt: string }> }> {
  return JSON.parse(await readFile(trustFilePath(pty.stateDir), "utf8"));
}

/** Waits for the trust question; it must be up alone (no prompt behind it yet). */
async function question(screen: PtyScreen): Promise<string> {
  const shown = await screen.waitFor((s) => s.includes(NO), "the trust question", SLOW);
  expect(shown).toContain(QUESTION);
  expect(shown).toContain(YES);
  expect(shown).not.toContain(PROMPT);
  return shown;
}

/** A pause with nothing to wait for: whatever would run too early has had its chance. */
const pause = () => new Promise((resolve) => setTimeout(resolve, 1_500));

describe("the folder-trust question of the interactive REPL, in a real pseudo-terminal", {
  timeout: 180_000,
}, () => {
  it("lists what the folder would run, runs none of it until 'Yes', then runs it all and remembers", async () => {
    await codeFolder(pty.dir, { command: true });
    const server = await scriptedServer({
      turns: [{ content: "Hello back." }, { content: "Hi there." }],
    });
    const repl = pty.spawn([], anthropicEnv(server));
    const shown = await question(repl);
    expect(shown).toContain(pty.dir);
    expect(shown).toContain("hook: SessionStart: touch started-marker");
    expect(shown).toContain('hook: UserPromptSubmit: printf %s "$FOO" > prompt-marker');
    expect(shown).toContain("env: FOO");
    expect(shown).toContain("command: /hi: !`touch cmd-marker`");
    await pause();
    expect(marker(pty.dir, "started-marker")).toBe(false);
    expect(marker(pty.dir, "prompt-marker")).toBe(false);
    expect(existsSync(trustFilePath(pty.stateDir))).toBe(false);

    repl.write("1");
    const opened = await repl.waitFor((s) => s.includes(PROMPT), "the REPL", SLOW);
    expect(opened).not.toContain(QUESTION);
    expect(shows(opened, `Trusted ${pty.dir} (and the folders below it).`)).toBe(true);
    expect((await trustFile()).folders[pty.dir]?.trustedAt).toEqual(expect.any(String));

    await typeLine(repl, "hello", SLOW);
    await repl.waitFor((s) => s.includes("Hello back."), "the answer", SLOW);
    // keel runs SessionStart hooks with the session's first context (the first prompt).
    expect(marker(pty.dir, "started-marker")).toBe(true);
    // The UserPromptSubmit hook ran, with the project's env.
    expect(await readFile(join(pty.dir, "prompt-marker"), "utf8")).toBe("bar");
    await typeLine(repl, "/hi", SLOW);
    await repl.waitFor((s) => s.includes("Hi there."), "the command's answer", SLOW);
    expect(marker(pty.dir, "cmd-marker")).toBe(true);
    expect(JSON.stringify(server.requests[1]?.body)).toContain("Say hi.");
    expect(await exitWithCtrlC(repl, SLOW)).toBe(0);
    expect(server.requests).toHaveLength(2);
    expect(server.violations).toEqual([]);
  });

  it("Enter on the highlighted 'Yes' (after moving down and up) trusts the folder too", async () => {
    await codeFolder(pty.dir);
    const server = await scriptedServer({ turns: [{ content: "Trusted it." }] });
    const repl = pty.spawn([], anthropicEnv(server));
    await question(repl);
    repl.write("\x1b[B");
    await repl.waitFor((s) => s.includes(`❯ ${NO}`), "'No' highlighted", SLOW);
    repl.write("\x1b[A");
    await repl.waitFor((s) => s.includes(`❯ ${YES}`), "'Yes' highlighted", SLOW);
    repl.write("\r");
    await repl.waitFor((s) => s.includes(PROMPT), "the REPL", SLOW);
    await typeLine(repl, "hello", SLOW);
    await repl.waitFor((s) => s.includes("Trusted it."), "the answer", SLOW);
    expect(marker(pty.dir, "started-marker")).toBe(true);
    expect(await readFile(join(pty.dir, "prompt-marker"), "utf8")).toBe("bar");
    expect(Object.keys((await trustFile()).folders)).toEqual([pty.dir]);
    expect(await exitWithCtrlC(repl, SLOW)).toBe(0);
  });

  it("remembers the answer: the folder and the folders below it are not asked about again", async () => {
    await codeFolder(pty.dir);
    const sub = join(pty.dir, "packages", "sub");
    await mkdir(sub, { recursive: true });
    await codeFolder(sub);
    // One server per session: a scripted server answers by the conversation's length.
    const server = await scriptedServer({ turns: [{ content: "From the top." }] });
    const subServer = await scriptedServer({ turns: [{ content: "From below." }] });

    const first = pty.spawn([], anthropicEnv(server));
    await question(first);
    first.write("1");
    await first.waitFor((s) => s.includes(PROMPT), "the REPL", SLOW);
    expect(await exitWithCtrlC(first, SLOW)).toBe(0);

    const again = pty.spawn([], anthropicEnv(server));
    const opened = await again.waitFor((s) => s.includes(PROMPT), "the REPL, asking nothing", SLOW);
    expect(opened).not.toContain(QUESTION);
    expect(opened).not.toContain("Trusted ");
    await typeLine(again, "top", SLOW);
    await again.waitFor((s) => s.includes("From the top."), "the answer", SLOW);
    expect(marker(pty.dir, "started-marker")).toBe(true);
    expect(await readFile(join(pty.dir, "prompt-marker"), "utf8")).toBe("bar");
    expect(await exitWithCtrlC(again, SLOW)).toBe(0);

    const below = pty.spawn([], anthropicEnv(subServer), sub);
    const subOpened = await below.waitFor((s) => s.includes(PROMPT), "the REPL, below", SLOW);
    expect(subOpened).not.toContain(QUESTION);
    await typeLine(below, "below", SLOW);
    await below.waitFor((s) => s.includes("From below."), "the answer", SLOW);
    expect(marker(sub, "started-marker")).toBe(true);
    expect(await readFile(join(sub, "prompt-marker"), "utf8")).toBe("bar");
    expect(await exitWithCtrlC(below, SLOW)).toBe(0);
    // Trusting the top folder covered the one below: nothing more was recorded.
    expect(Object.keys((await trustFile()).folders)).toEqual([pty.dir]);
    expect(server.violations).toEqual([]);
    expect(subServer.violations).toEqual([]);
  });

  it("a trusted folder covers neither its parent nor a sibling whose name starts the same", async () => {
    const trusted = join(pty.dir, "app");
    const sibling = join(pty.dir, "app-other");
    for (const folder of [pty.dir, trusted, sibling]) {
      await mkdir(folder, { recursive: true });
      await codeFolder(folder);
    }
    const first = pty.spawn([], {}, trusted);
    await question(first);
    first.write("1");
    await first.waitFor((s) => s.includes(PROMPT), "the REPL", SLOW);
    expect(await exitWithCtrlC(first, SLOW)).toBe(0);
    expect(Object.keys((await trustFile()).folders)).toEqual([trusted]);
    // SessionStart ran as the trusted REPL opened; cleared so the runs below show their own.
    expect(marker(trusted, "started-marker")).toBe(true);
    await rm(join(trusted, "started-marker"));

    for (const [folder, answer] of [
      [sibling, "Sibling answered."],
      [pty.dir, "Parent answered."],
    ] as const) {
      const server = await scriptedServer({ turns: [{ content: answer }] });
      const repl = pty.spawn([], anthropicEnv(server), folder);
      const shown = await question(repl);
      expect(shown).toContain(folder);
      repl.write("\x1b");
      await repl.waitFor((s) => s.includes(PROMPT), "the REPL", SLOW);
      await typeLine(repl, "hello", SLOW);
      await repl.waitFor((s) => s.includes(answer), "the answer", SLOW);
      expect(await exitWithCtrlC(repl, SLOW)).toBe(0);
      expect(marker(folder, "started-marker")).toBe(false);
      expect(marker(folder, "prompt-marker")).toBe(false);
    }
    expect(marker(trusted, "started-marker")).toBe(false);
    expect(Object.keys((await trustFile()).folders)).toEqual([trusted]);
  });

  for (const [how, key] of [
    ["'2'", "2"],
    ["Esc", "\x1b"],
    ["Ctrl+C", "\x03"],
  ] as const) {
    it(`declining with ${how} starts without the hooks, env and commands' !\`command\` lines`, async () => {
      await codeFolder(pty.dir, { command: true });
      const server = await scriptedServer({
        turns: [
          {
            content: [
              {
                type: "tool_use",
                name: "Bash",
                input: { command: 'printf "FOO=%s" "$FOO" > foo.txt', description: "show FOO" },
              },
            ],
          },
          { content: "Answered without them." },
        ],
      });
      const repl = pty.spawn(["--dangerously-skip-permissions"], anthropicEnv(server));
      await question(repl);
      repl.write(key);
      const opened = await repl.waitFor((s) => s.includes(PROMPT), "the REPL", SLOW);
      expect(opened).not.toContain(QUESTION);
      expect(
        shows(
          opened,
          "This folder is not trusted: off for this session: 2 hooks, env (FOO), 1 !`command` line in its commands and skills.",
        ),
      ).toBe(true);

      await typeLine(repl, "hello", SLOW);
      await repl.waitFor((s) => s.includes("Answered without them."), "the answer", SLOW);
      // The model's own Bash call ran, without the project's env.
      expect(await readFile(join(pty.dir, "foo.txt"), "utf8")).toBe("FOO=");
      expect(JSON.stringify(server.requests[0]?.body)).toContain("hello");

      await typeLine(repl, "/hi", SLOW);
      const refused = await repl.waitFor(
        (s) => shows(s, "/hi was not sent: this folder is not trusted"),
        "the refusal",
        SLOW,
      );
      expect(shows(refused, "!`command` lines do not run")).toBe(true);
      await pause();
      expect(marker(pty.dir, "started-marker")).toBe(false);
      expect(marker(pty.dir, "prompt-marker")).toBe(false);
      expect(marker(pty.dir, "cmd-marker")).toBe(false);
      expect(server.requests).toHaveLength(2);
      expect(existsSync(trustFilePath(pty.stateDir))).toBe(false);
      expect(await exitWithCtrlC(repl, SLOW)).toBe(0);
      expect(server.violations).toEqual([]);
    });
  }

  it("declining also takes away the folder's grants: its bypassPermissions mode and allow rules", async () => {
    await mkdir(join(pty.dir, ".claude"), { recursive: true });
    await writeFile(
      join(pty.dir, ".claude", "settings.json"),
      JSON.stringify({ permissions: { defaultMode: "bypassPermissions", allow: ["Bash"] } }),
    );
    const server = await scriptedServer({
      turns: [
        { content: [{ type: "tool_use", name: "Bash", input: { command: "touch pwned" } }] },
        { content: "Asked first." },
      ],
    });
    const repl = pty.spawn([], anthropicEnv(server));
    const shown = await question(repl);
    expect(shown).toContain("permission: defaultMode bypassPermissions");
    repl.write("2");
    const opened = await repl.waitFor((s) => s.includes(PROMPT), "the REPL", SLOW);
    expect(shows(opened, "what its settings grant (Bash, defaultMode bypassPermissions)")).toBe(
      true,
    );
    await typeLine(repl, "go", SLOW);
    // The call is asked about, as in any folder without grants: it does not just run.
    await repl.waitFor(
      (s) => s.includes("Do you want to proceed?"),
      "the permission question",
      SLOW,
    );
    expect(marker(pty.dir, "pwned")).toBe(false);
    expect(await exitWithCtrlC(repl, SLOW)).toBe(0);
    expect(marker(pty.dir, "pwned")).toBe(false);
  });

  it("declining asks again next time", async () => {
    await codeFolder(pty.dir);
    const server = await scriptedServer({ turns: [{ content: "unused" }] });
    for (let run = 0; run < 2; run++) {
      const repl = pty.spawn([], anthropicEnv(server));
      await question(repl);
      repl.write("2");
      await repl.waitFor((s) => s.includes(PROMPT), "the REPL", SLOW);
      expect(await exitWithCtrlC(repl, SLOW)).toBe(0);
    }
    expect(existsSync(trustFilePath(pty.stateDir))).toBe(false);
  });

  it("asks about settings.local.json hooks and mcpServers, and .mcp.json servers; 'No' starts none", async () => {
    await mkdir(join(pty.dir, ".claude"), { recursive: true });
    const entry = { command: process.execPath, args: [TEST_SERVER] };
    await writeFile(
      join(pty.dir, ".claude", "settings.local.json"),
      JSON.stringify({
        hooks: {
          SessionStart: [{ hooks: [{ type: "command", command: "touch local-marker" }] }],
        },
        mcpServers: { fromsettings: entry },
      }),
    );
    await writeFile(join(pty.dir, ".mcp.json"), JSON.stringify({ mcpServers: { tracker: entry } }));
    const server = await scriptedServer({ turns: [{ content: "unused" }] });
    const repl = pty.spawn([], anthropicEnv(server));
    const shown = await question(repl);
    expect(shown).toContain("hook: SessionStart: touch local-marker");
    expect(shows(shown, `mcp server: fromsettings: ${process.execPath} ${TEST_SERVER}`)).toBe(true);
    expect(shows(shown, `mcp server: tracker: ${process.execPath} ${TEST_SERVER}`)).toBe(true);
    repl.write("2");
    const opened = await repl.waitFor((s) => s.includes(PROMPT), "the REPL", SLOW);
    // No .mcp.json approval question either: its servers are off.
    expect(opened).not.toContain("New MCP server found");
    expect(
      shows(opened, "This folder is not trusted: off for this session: 1 hook, 2 MCP servers."),
    ).toBe(true);
    await typeLine(repl, "/mcp", SLOW);
    await repl.waitFor((s) => s.includes("No MCP servers are configured"), "/mcp", SLOW);
    await pause();
    expect(marker(pty.dir, "local-marker")).toBe(false);
    expect(await exitWithCtrlC(repl, SLOW)).toBe(0);
    expect(server.requests).toHaveLength(0);
  });

  it("trusting the folder still leaves its .mcp.json servers their own question", async () => {
    const entry = { command: process.execPath, args: [TEST_SERVER] };
    await writeFile(join(pty.dir, ".mcp.json"), JSON.stringify({ mcpServers: { tracker: entry } }));
    const server = await scriptedServer({ turns: [{ content: "unused" }] });
    const repl = pty.spawn([], anthropicEnv(server));
    await question(repl);
    repl.write("1");
    const asked = await repl.waitFor(
      (s) => s.includes("New MCP server found in .mcp.json: tracker"),
      "the server's own question",
      SLOW,
    );
    expect(asked).not.toContain(QUESTION);
    repl.write("1");
    await repl.waitFor((s) => s.includes(PROMPT), "the REPL", SLOW);
    await typeLine(repl, "/mcp", SLOW);
    await repl.waitFor((s) => s.includes("tracker: connected — echo"), "the server's tools", SLOW);
    expect(await exitWithCtrlC(repl, SLOW)).toBe(0);
    expect(Object.keys((await trustFile()).folders)).toEqual([pty.dir]);
  });

  it("SIGTERM while the question is up ends keel: nothing runs, nothing is recorded", async () => {
    await codeFolder(pty.dir);
    const server = await scriptedServer({ turns: [{ content: "unused" }] });
    const repl = pty.spawn([], anthropicEnv(server));
    await question(repl);
    repl.signal("SIGTERM");
    expect(await repl.exited).toBe(143);
    expect(repl.lines().join("\n")).not.toContain(PROMPT);
    expect(existsSync(trustFilePath(pty.stateDir))).toBe(false);
    expect(server.requests).toHaveLength(0);
  });

  it("a folder whose files run nothing (permissions, a plain command) is not asked about", async () => {
    await mkdir(join(pty.dir, ".claude", "commands"), { recursive: true });
    await writeFile(
      join(pty.dir, ".claude", "settings.json"),
      JSON.stringify({ permissions: { allow: ["Bash(ls:*)"], deny: ["Read(./secret)"] } }),
    );
    await writeFile(join(pty.dir, ".claude", "commands", "plain.md"), "Just text, no shell.\n");
    // The person's own settings are theirs, not the folder's: their hook runs, unasked.
    await mkdir(join(pty.home, ".claude"), { recursive: true });
    await writeFile(
      join(pty.home, ".claude", "settings.json"),
      JSON.stringify({
        hooks: { SessionStart: [{ hooks: [{ type: "command", command: "touch user-marker" }] }] },
      }),
    );
    const { server, screen: repl } = await pty.start(
      { turns: [{ content: "Straight in." }] },
      [],
      SLOW,
    );
    const opened = repl.lines().join("\n");
    expect(opened).not.toContain(QUESTION);
    expect(opened).not.toContain("not trusted");
    await typeLine(repl, "hi", SLOW);
    await repl.waitFor((s) => s.includes("Straight in."), "the answer", SLOW);
    expect(marker(pty.dir, "user-marker")).toBe(true);
    expect(await exitWithCtrlC(repl, SLOW)).toBe(0);
    expect(existsSync(trustFilePath(pty.stateDir))).toBe(false);
    expect(server.violations).toEqual([]);
  });
});
