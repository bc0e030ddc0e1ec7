import { describe, expect, it } from "vitest";
import { atTokenAt, completeToken } from "../../../src/cli/repl/completion/at-token.js";
import { createFileIndex } from "../../../src/cli/repl/completion/file-index.js";
import { completionCandidates, matchFiles } from "../../../src/cli/repl/completion/match-files.js";
import { type CompletionMenu, menuKey } from "../../../src/cli/repl/completion/menu-keys.js";
import { bufferOf } from "../../../src/cli/repl/input-buffer.js";
import { namedKey } from "../../../src/cli/repl/keys/key-press.js";

const FILES = ["README.md", "src/app.ts", "src/cli/main.ts", "src/parser.ts", "test/app.test.ts"];

describe("the @ token at the cursor", () => {
  it("is found after whitespace or at the start, with the text typed after the @", () => {
    expect(atTokenAt(bufferOf("fix @src/pa"))).toEqual({ start: 4, end: 11, prefix: "src/pa" });
    expect(atTokenAt(bufferOf("@"))).toEqual({ start: 0, end: 1, prefix: "" });
  });

  it("is not an e-mail address, nor a finished token followed by a space", () => {
    expect(atTokenAt(bufferOf("mail me@example.com"))).toBeUndefined();
    expect(atTokenAt(bufferOf("see @src/app.ts "))).toBeUndefined();
  });

  it("is replaced by the picked path and a space; a folder keeps completing", () => {
    const buffer = { text: "look at @sr please", cursor: 11 };
    const token = atTokenAt(buffer);
    if (!token) throw new Error("no token");
    expect(completeToken(buffer, token, "src/app.ts")).toEqual({
      text: "look at @src/app.ts please",
      cursor: 20,
    });
    expect(completeToken(buffer, token, "src/")).toEqual({
      text: "look at @src/ please",
      cursor: 13,
    });
  });
});

describe("matching project files", () => {
  const candidates = completionCandidates(FILES);

  it("offers folders as well as files", () => {
    expect(candidates).toContain("src/");
    expect(candidates).toContain("src/cli/");
  });

  it("ranks paths that start with the text first, then file names, then anything containing it", () => {
    expect(matchFiles(candidates, "src/")).toEqual([
      "src/cli/",
      "src/app.ts",
      "src/parser.ts",
      "src/cli/main.ts",
    ]);
    expect(matchFiles(candidates, "app")).toEqual(["src/app.ts", "test/app.test.ts"]);
    expect(matchFiles(candidates, "ARSE")).toEqual(["src/parser.ts"]);
  });

  it("offers top-level entries for a bare @, and at most the limit", () => {
    expect(matchFiles(candidates, "")).toEqual(["README.md", "src/", "test/"]);
    expect(matchFiles(candidates, "", 2)).toHaveLength(2);
  });
});

describe("keys while the menu is open", () => {
  const buffer = bufferOf("@sr");
  const token = atTokenAt(buffer);
  if (!token) throw new Error("no token");
  const menu: CompletionMenu = {
    kind: "file",
    token,
    suggestions: [{ value: "src/" }, { value: "src/app.ts" }],
    selected: 1,
  };

  it("Tab and Enter insert the highlighted path", () => {
    const picked = { kind: "pick", buffer: { text: "@src/app.ts ", cursor: 12 }, submit: false };
    expect(menuKey(menu, buffer, namedKey("tab"))).toEqual(picked);
    expect(menuKey(menu, buffer, namedKey("return"))).toEqual(picked);
  });

  it("arrows move the highlight around the list, Esc closes it, other keys pass", () => {
    expect(menuKey(menu, buffer, namedKey("down"))).toEqual({ kind: "move", selected: 0 });
    expect(menuKey(menu, buffer, namedKey("up"))).toEqual({ kind: "move", selected: 0 });
    expect(menuKey(menu, buffer, namedKey("escape"))).toEqual({ kind: "dismiss" });
    expect(menuKey(menu, buffer, { kind: "text", text: "x" })).toEqual({ kind: "pass" });
  });
});

describe("the project's file index", () => {
  it("lists the files once, on first use, and shares that listing", async () => {
    let listings = 0;
    const index = createFileIndex(async () => {
      listings += 1;
      return FILES;
    });
    expect(index.current()).toBeUndefined();
    expect(listings).toBe(0);
    const [first, second] = await Promise.all([index.load(), index.load()]);
    expect(first).toEqual(FILES);
    expect(second).toBe(first);
    await index.load();
    expect(listings).toBe(1);
    expect(index.current()).toEqual(FILES);
  });

  it("offers nothing after a failed listing, and lists again next time", async () => {
    let listings = 0;
    const index = createFileIndex(async () => {
      listings += 1;
      if (listings === 1) throw new Error("rg is missing");
      return FILES;
    });
    expect(await index.load()).toEqual([]);
    expect(await index.load()).toEqual(FILES);
  });
});
