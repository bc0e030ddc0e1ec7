import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { expandCommand, splitArguments } from "../../../../src/cli/repl/commands/command-args.js";
import { parseCommandFile } from "../../../../src/cli/repl/commands/command-file.js";
import {
  commandFolders,
  loadUserCommands,
} from "../../../../src/cli/repl/commands/user-commands.js";

let root: string;
const put = async (path: string, text: string) => {
  await mkdir(dirname(join(root, path)), { recursive: true });
  await writeFile(join(root, path), text);
};
const folders = () =>
  commandFolders({
    cwd: join(root, "project"),
    home: join(root, "home"),
    stateDir: join(root, "state"),
  });

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), "keel-commands-"));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe("user command arguments", () => {
  it("puts all arguments at $ARGUMENTS and each word at $N and $ARGUMENTS[N], counted from 0", () => {
    expect(expandCommand("Fix issue $0 in $1 ($ARGUMENTS)", "42 parser")).toBe(
      "Fix issue 42 in parser (42 parser)",
    );
    expect(expandCommand("From $ARGUMENTS[1] to $ARGUMENTS[0].", "a b")).toBe("From b to a.");
    expect(expandCommand("The eleventh: $10.", "a b c d e f g h i j k")).toBe("The eleventh: k.");
  });

  it("leaves a missing positional argument empty", () => {
    expect(expandCommand("a=$0 b=$1 c=$ARGUMENTS[2].", "only")).toBe("a=only b= c=.");
  });

  it("leaves a dollar-digit run followed by a letter alone, as a design token", () => {
    expect(expandCommand('<Box padding="$4" gap="$2xl" /> for $0', "Card")).toBe(
      '<Box padding="" gap="$2xl" /> for Card',
    );
  });

  it("groups quoted words into one argument", () => {
    expect(splitArguments(`"two words" 'single quoted' plain`)).toEqual([
      "two words",
      "single quoted",
      "plain",
    ]);
  });

  it("appends the arguments when the body does not use them", () => {
    expect(expandCommand("Review the code.", "carefully")).toBe(
      "Review the code.\n\nARGUMENTS: carefully",
    );
    expect(expandCommand("Review the code.", "")).toBe("Review the code.");
  });
});

describe("a command file", () => {
  const info = { name: "review", scope: "project", file: "/p/.claude/commands/review.md" };

  it("reads description, argument-hint, allowed-tools and model from frontmatter", () => {
    const parsed = parseCommandFile(
      info,
      "---\ndescription: Review a file\nargument-hint: <file>\nallowed-tools: Read, Grep\nmodel: haiku\n---\nReview $1.\n",
    );
    expect(parsed).toEqual({
      ok: true,
      command: {
        ...info,
        body: "Review $1.",
        description: "Review a file",
        argumentHint: "<file>",
        allowedTools: ["Read", "Grep"],
        model: "haiku",
        modelInvocable: true,
      },
    });
  });

  it("a command with a description may be started by the model, unless disable-model-invocation", () => {
    const hidden = parseCommandFile(
      info,
      "---\ndescription: Deploy\ndisable-model-invocation: true\n---\nDeploy.\n",
    );
    expect(hidden.ok && hidden.command.modelInvocable).toBe(false);
    const bare = parseCommandFile(info, "Deploy.\n");
    expect(bare.ok && bare.command.modelInvocable).toBeFalsy();
  });

  it("takes a file without frontmatter whole as the prompt", () => {
    expect(parseCommandFile(info, "Just do it.\n")).toEqual({
      ok: true,
      command: { ...info, body: "Just do it." },
    });
  });

  it("names the file when the frontmatter is not YAML or has a wrong type", () => {
    const bad = parseCommandFile(info, "---\ndescription: x\n- [unclosed\n---\nx");
    expect(bad).toMatchObject({ ok: false });
    expect(!bad.ok && bad.problem).toMatch(
      /^\/p\/\.claude\/commands\/review\.md: .*not valid YAML/,
    );
    const wrong = parseCommandFile(info, "---\ndescription: [1, 2]\n---\nx");
    expect(!wrong.ok && wrong.problem).toMatch(/review\.md: frontmatter description/);
  });
});

describe("loading the user's commands", () => {
  it("finds project and user commands, a subfolder naming the command (/frontend:component) and its scope", async () => {
    await put("project/.claude/commands/test.md", "Run the tests.");
    await put("project/.claude/commands/frontend/component.md", "Make a component $1.");
    await put(
      "home/.claude/commands/standup.md",
      "---\ndescription: Daily notes\n---\nWrite notes.",
    );
    await put("state/commands/keel-only.md", "From keel's folder.");
    const loaded = await loadUserCommands(folders());
    expect(loaded.problems).toEqual([]);
    expect(loaded.commands.map((c) => [c.name, c.scope])).toEqual([
      ["standup", "user"],
      ["keel-only", "user"],
      ["frontend:component", "project:frontend"],
      ["test", "project"],
    ]);
  });

  it("keeps the other commands when one file has bad frontmatter", async () => {
    await put("project/.claude/commands/good.md", "Fine.");
    await put("project/.claude/commands/broken.md", "---\nmodel: a\n- [b\n---\nbody");
    const loaded = await loadUserCommands(folders());
    expect(loaded.commands.map((c) => c.name)).toEqual(["good"]);
    expect(loaded.problems).toHaveLength(1);
    expect(loaded.problems[0]).toContain(join(root, "project/.claude/commands/broken.md"));
  });

  it("lets the user's command win over the project's of the same name", async () => {
    await put("project/.claude/commands/deploy.md", "project deploy");
    await put("home/.claude/commands/deploy.md", "user deploy");
    const loaded = await loadUserCommands(folders());
    expect(loaded.commands).toHaveLength(1);
    expect(loaded.commands[0]?.body).toBe("user deploy");
  });

  it("finds nothing when no folder exists", async () => {
    expect(await loadUserCommands(folders())).toEqual({ commands: [], problems: [] });
  });
});
