import { describe, expect, it } from "vitest";
import {
  type ParsedCommand,
  parseShellCommand,
  parseShellCommandSync,
  type ShellWord,
} from "../../../src/tools/shell-parse/index.js";

/** The argv values of every command, in order. */
function argvs(parsed: ParsedCommand): string[][] {
  return parsed.commands.map((c) => c.argv.map((w) => w.value));
}

function word(parsed: ParsedCommand, command: number, index: number): ShellWord | undefined {
  return parsed.commands[command]?.argv[index];
}

describe("parseShellCommand", () => {
  it("splits a compound command into simple commands and the operators joining them", async () => {
    const parsed = await parseShellCommand("git status && npm test || echo failed; ls | wc -l");
    expect(argvs(parsed)).toEqual([
      ["git", "status"],
      ["npm", "test"],
      ["echo", "failed"],
      ["ls"],
      ["wc", "-l"],
    ]);
    expect(parsed.operators).toEqual(["&&", "||", ";", "|"]);
    expect(parsed.parseError).toBeUndefined();
  });

  it("reports newline-separated statements and a background & as operators", async () => {
    const parsed = await parseShellCommand("ls\npwd &");
    expect(argvs(parsed)).toEqual([["ls"], ["pwd"]]);
    expect(parsed.operators).toEqual([";", "&"]);
  });

  it("removes quotes and resolves escapes in static words", async () => {
    const parsed = await parseShellCommand(`echo "a b" 'c d' e\\ f $'g\\th' "x"'y'z`);
    expect(argvs(parsed)).toEqual([["echo", "a b", "c d", "e f", "g\th", "xyz"]]);
    expect(parsed.commands[0]?.argv.every((w) => w.dynamic.length === 0)).toBe(true);
  });

  it("flags the parts only known at run time", async () => {
    const parsed = await parseShellCommand(
      // biome-ignore lint/suspicious/noTemplateCurlyInString: bash syntax, not a template
      'echo $(id) `id` $HOME ${X:-y} $((1+2)) *.ts {a,b} ~/x <(ls) "q*" \\*',
    );
    const kinds = parsed.commands[0]?.argv.slice(1).map((w) => w.dynamic);
    expect(kinds).toEqual([
      ["command_substitution"],
      ["backtick"],
      ["variable"],
      ["variable"],
      ["arithmetic"],
      ["glob"],
      ["brace"],
      ["tilde"],
      ["process_substitution"],
      [],
      [],
    ]);
  });

  it("finds commands hidden in substitutions and marks where they run", async () => {
    const parsed = await parseShellCommand('echo "$(rm -rf x)" && (cd a; ls)');
    expect(argvs(parsed)).toEqual([
      ["echo", "$(rm -rf x)"],
      ["rm", "-rf", "x"],
      ["cd", "a"],
      ["ls"],
    ]);
    expect(parsed.commands.map((c) => [c.inSubstitution, c.inSubshell])).toEqual([
      [false, false],
      [true, false],
      [false, true],
      [false, true],
    ]);
    expect(parsed.subshells).toBe(1);
  });

  it("finds substitutions inside expansions and assignments", async () => {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: bash syntax, not a template
    const parsed = await parseShellCommand("FOO=$(whoami) echo ${x:-$(id)}");
    // biome-ignore lint/suspicious/noTemplateCurlyInString: bash syntax, not a template
    expect(argvs(parsed)).toEqual([["echo", "${x:-$(id)}"], ["whoami"], ["id"]]);
    expect(parsed.commands[0]?.assignments.map((a) => a.name)).toEqual(["FOO"]);
    expect(word(parsed, 0, 1)?.dynamic).toEqual(["variable", "command_substitution"]);
  });

  it("describes redirections with their targets and whether they write", async () => {
    const parsed = await parseShellCommand("cmd < in > out 2>> log 2>&1 &> both 3>&-");
    expect(
      parsed.redirections.map((r) => [r.operator, r.fd ?? null, r.target?.value ?? null, r.writes]),
    ).toEqual([
      ["<", null, "in", false],
      [">", null, "out", true],
      [">>", 2, "log", true],
      [">&", 2, "1", false],
      ["&>", null, "both", true],
      [">&-", 3, null, false],
    ]);
    expect(parsed.commands[0]?.redirections).toHaveLength(6);
  });

  it("gives words written after a redirection to the command", async () => {
    const parsed = await parseShellCommand("sort > /dev/null -o out input");
    expect(argvs(parsed)).toEqual([["sort", "-o", "out", "input"]]);
    expect(parsed.redirections.map((r) => r.target?.value)).toEqual(["/dev/null"]);
  });

  it("reads heredocs: the body as the target, expansions only when the delimiter is unquoted", async () => {
    const open = await parseShellCommand("cat <<EOF | grep x\nhi $(id)\nEOF");
    expect(argvs(open)).toEqual([["cat"], ["grep", "x"], ["id"]]);
    expect(open.redirections[0]).toMatchObject({ kind: "heredoc", writes: false });
    expect(open.redirections[0]?.target?.dynamic).toContain("command_substitution");
    expect(open.unseenCode).toEqual(["a heredoc body with a command substitution"]);
    const quoted = await parseShellCommand("cat <<'EOF'\nhi $(id)\nEOF");
    expect(argvs(quoted)).toEqual([["cat"]]);
    expect(quoted.redirections[0]?.target).toMatchObject({ value: "hi $(id)\n", dynamic: [] });
  });

  it("reads a herestring as a redirection", async () => {
    const parsed = await parseShellCommand('cat <<< "$(id)"');
    expect(parsed.redirections[0]).toMatchObject({ kind: "herestring", operator: "<<<" });
    expect(argvs(parsed)).toEqual([["cat"], ["id"]]);
  });

  it("joins words split by a line continuation the way bash does", async () => {
    const parsed = await parseShellCommand("r\\\nm -rf x \\\n  --verbose");
    expect(argvs(parsed)).toEqual([["rm", "-rf", "x", "--verbose"]]);
  });

  it("keeps a backslash-newline inside single quotes", async () => {
    const parsed = await parseShellCommand("echo 'a\\\nb'");
    expect(argvs(parsed)).toEqual([["echo", "a\\\nb"]]);
  });

  it("reports shell constructs beyond simple commands", async () => {
    const parsed = await parseShellCommand("f() { rm x; }; for i in 1; do ls; done; X=1");
    expect(parsed.constructs).toEqual([
      "function_definition",
      "for_statement",
      "variable_assignment",
    ]);
    expect(argvs(parsed)).toContainEqual(["rm", "x"]);
  });

  it("models [ ] and [[ ]] tests as commands", async () => {
    const parsed = await parseShellCommand("[[ -f a && $x == y* ]] || [ -d b ]");
    expect(argvs(parsed)).toEqual([
      ["[[", "-f", "a", "&&", "$x", "==", "y*", "]]"],
      ["[", "-d", "b", "]"],
    ]);
  });

  it("flags a newline tree-sitter glues onto a command (bash runs the next line separately)", async () => {
    const parsed = await parseShellCommand("ls | ls | ls \n rm -rf x && ls");
    expect(parsed.parseError).toMatch(/newline/);
  });

  it("sets parseError for input bash would reject", async () => {
    expect((await parseShellCommand('echo "unterminated')).parseError).toBeDefined();
    expect((await parseShellCommand("ls $(")).parseError).toBeDefined();
    expect((await parseShellCommand("echo a;;b")).parseError).toMatch(/;;/);
    expect((await parseShellCommand("{ ls; } > out extra")).parseError).toMatch(/arguments/);
  });

  it("parses synchronously once the grammar has loaded", async () => {
    await parseShellCommand("true");
    expect(parseShellCommandSync("ls -la")?.commands[0]?.argv.map((w) => w.value)).toEqual([
      "ls",
      "-la",
    ]);
  });

  it("keeps the command as given in source and each command's own text", async () => {
    const parsed = await parseShellCommand("ls  -la 2>/dev/null | head");
    expect(parsed.source).toBe("ls  -la 2>/dev/null | head");
    expect(parsed.commands.map((c) => c.text)).toEqual(["ls  -la", "head"]);
  });
});
