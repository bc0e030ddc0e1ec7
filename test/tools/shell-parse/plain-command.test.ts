import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseWithGrammar } from "../../../src/tools/shell-parse/parse.js";
import { parsePlainCommand } from "../../../src/tools/shell-parse/plain-command.js";

const word = fc.stringMatching(/^[A-Za-z0-9_./:@%+,=-]{1,8}$/);
const gap = fc.constantFrom(" ", "  ", "\t", " \t ");
const operator = fc.constantFrom("&&", "||", "|", ";");
const simple = fc.array(word, { minLength: 1, maxLength: 4 });

/** Commands built from plain-looking words and operators, with any spacing around them. */
const command = fc
  .tuple(simple, fc.array(fc.tuple(operator, simple), { maxLength: 3 }), gap, gap)
  .chain(([first, rest, lead, trail]) =>
    fc.constant(
      `${lead}${[first.join(" "), ...rest.map(([op, words]) => `${op} ${words.join(" ")}`)].join(" ")}${trail}`,
    ),
  );

describe("plain commands", () => {
  it("parse exactly as the bash grammar parses them, or are left to it", async () => {
    await fc.assert(
      fc.asyncProperty(command, async (text) => {
        const plain = parsePlainCommand(text);
        if (plain) expect(plain).toEqual(await parseWithGrammar(text));
      }),
      { numRuns: 3000 },
    );
  });

  it.each([
    "npm test",
    "git status && git diff --stat",
    "ls -la src | head -n 20",
    "cat a.txt ; wc -l b.txt",
    "make build || echo failed",
    "git commit --message=fix",
  ])("reads %j without the grammar, as the grammar would", async (text) => {
    const plain = parsePlainCommand(text);
    expect(plain).toBeDefined();
    expect(plain).toEqual(await parseWithGrammar(text));
  });

  it.each([
    'echo "quoted"',
    "ls $HOME",
    "A% x",
    "a@b c",
    "a+:, x",
    "- a=b",
    "a == b",
    "ls *.ts",
    "cat < in.txt",
    "echo hi > out.txt",
    "FOO=1 npm test",
    "export PATH=x",
    "sleep 5 &",
    "ls;pwd",
    "echo a # comment",
    "cd ~/src",
    "echo {a,b}",
    "if true",
    "time ls",
    "ls\npwd",
    "ls &&",
    "&& ls",
    "ls && && pwd",
    "",
  ])("leaves %j to the grammar", (text) => {
    expect(parsePlainCommand(text)).toBeUndefined();
  });
});
