import { describe, expect, it } from "vitest";
import {
  BUILTIN_COMMANDS,
  listCommands,
  matchCommands,
} from "../../../src/cli/repl/completion/command-list.js";
import { menuWindow } from "../../../src/cli/repl/completion/completion-menu.js";
import { NO_CHOICE, openMenu } from "../../../src/cli/repl/completion/menu.js";
import { slashTokenAt } from "../../../src/cli/repl/completion/slash-token.js";
import { bufferOf } from "../../../src/cli/repl/input-buffer.js";
import type { ReplSession } from "../../../src/cli/repl/repl-session.js";
import { parseSlashCommand } from "../../../src/cli/repl/slash-commands.js";

const names = (entries: ReadonlyArray<{ name: string }>) => entries.map((e) => e.name);

describe("what is a command", () => {
  it("is / and a name of letters, digits, :, _ and - before a space or the end", () => {
    expect(parseSlashCommand("/no-such:cmd_2 now")).toEqual({
      kind: "unknown",
      name: "no-such:cmd_2",
    });
    expect(parseSlashCommand("/2fa")).toEqual({ kind: "unknown", name: "2fa" });
    expect(parseSlashCommand("/cost")).toEqual({ kind: "known", name: "cost", args: "" });
  });

  it("is not a path or a bare /: those are prompts", () => {
    expect(parseSlashCommand("/usr/bin/x fails")).toBeUndefined();
    expect(parseSlashCommand("/etc/hosts.")).toBeUndefined();
    expect(parseSlashCommand("/ why")).toBeUndefined();
    expect(parseSlashCommand("/")).toBeUndefined();
  });
});

describe("the command name at the cursor", () => {
  it("is the name typed after a leading /, up to the cursor", () => {
    expect(slashTokenAt(bufferOf("/"))).toEqual({ start: 0, end: 1, prefix: "" });
    expect(slashTokenAt(bufferOf("/re"))).toEqual({ start: 0, end: 3, prefix: "re" });
  });

  it("is gone once a space, a second / or another character follows", () => {
    expect(slashTokenAt(bufferOf("/review src"))).toBeUndefined();
    expect(slashTokenAt(bufferOf("/usr/"))).toBeUndefined();
    expect(slashTokenAt(bufferOf("/a.b"))).toBeUndefined();
    expect(slashTokenAt({ text: "/rev x", cursor: 2 })).toBeUndefined();
    expect(slashTokenAt(bufferOf("say /help"))).toBeUndefined();
  });
});

describe("the commands offered", () => {
  const session = {
    engine: {},
    dispose: async () => {},
    userCommands: async () => ({
      commands: [
        {
          name: "review",
          scope: "project",
          file: "r.md",
          body: "Review $0",
          description: "Review a file",
        },
        { name: "standup", scope: "user", file: "s.md", body: "What I did\nand more" },
        { name: "cost", scope: "user", file: "c.md", body: "shadowed by the built-in" },
        {
          name: "house-style",
          scope: "project skill",
          file: "h/SKILL.md",
          body: "Be brief.",
          userInvocable: false,
        },
      ],
      problems: [],
    }),
    prompts: () => [{ name: "mcp__docs__summarise", run: async () => "" }],
  } as unknown as ReplSession;

  it("are the built-in ones, the user's and the MCP servers' prompts, each name once (not user-invocable: false skills)", async () => {
    const listed = await listCommands(session);
    expect(names(listed)).toEqual([
      ...names(BUILTIN_COMMANDS),
      "review",
      "standup",
      "mcp__docs__summarise",
    ]);
    expect(listed.find((c) => c.name === "review")?.detail).toBe("Review a file (project)");
    expect(listed.find((c) => c.name === "standup")?.detail).toBe("What I did (user)");
    expect(listed.at(-1)?.detail).toBe("MCP prompt");
  });

  it("are filtered by what is typed: the name itself, then those starting with it, then containing it", () => {
    expect(names(matchCommands(BUILTIN_COMMANDS, "co"))).toEqual([
      "compact",
      "cost",
      "context",
      "config",
    ]);
    expect(names(matchCommands(BUILTIN_COMMANDS, "cost"))).toEqual(["cost"]);
    expect(names(matchCommands(BUILTIN_COMMANDS, "MOD"))).toEqual(["model"]);
    expect(names(matchCommands(BUILTIN_COMMANDS, "ear"))).toEqual(["clear"]);
    expect(names(matchCommands(BUILTIN_COMMANDS, ""))).toEqual(names(BUILTIN_COMMANDS));
  });

  it("open under /, close when nothing matches or Esc closed them for that name", () => {
    const sources = { commands: BUILTIN_COMMANDS };
    expect(openMenu(bufferOf("/co"), NO_CHOICE, sources)?.suggestions.map((s) => s.value)).toEqual([
      "compact",
      "cost",
      "context",
      "config",
    ]);
    expect(openMenu(bufferOf("/zzz"), NO_CHOICE, sources)).toBeUndefined();
    const dismissed = { token: "command:0:co", selected: 0, dismissed: true };
    expect(openMenu(bufferOf("/co"), dismissed, sources)).toBeUndefined();
    expect(openMenu(bufferOf("/cos"), dismissed, sources)?.suggestions).toHaveLength(1);
  });

  it("scroll: at most 8 show, the highlighted one always among them", () => {
    expect(menuWindow(13, 0)).toEqual({ from: 0, to: 8 });
    expect(menuWindow(13, 7)).toEqual({ from: 0, to: 8 });
    expect(menuWindow(13, 8)).toEqual({ from: 1, to: 9 });
    expect(menuWindow(13, 12)).toEqual({ from: 5, to: 13 });
    expect(menuWindow(3, 2)).toEqual({ from: 0, to: 3 });
  });
});
