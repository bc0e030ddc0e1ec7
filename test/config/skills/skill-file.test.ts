import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadSkills } from "../../../src/config/skills/load-skills.js";
import { parseSkillFile, type SkillFileInfo } from "../../../src/config/skills/skill-file.js";
import { skillFolders } from "../../../src/config/skills/skill-folders.js";

const info: SkillFileInfo = {
  dirName: "pdf",
  dir: "/p/.claude/skills/pdf",
  file: "/p/.claude/skills/pdf/SKILL.md",
  source: "project",
};

describe("SKILL.md frontmatter", () => {
  it("reads every field Claude Code reads, in the forms people write them", () => {
    const parsed = parseSkillFile(
      info,
      [
        "---",
        "name: pdf-tools",
        "description: Works with PDFs",
        "when_to_use: when a PDF is mentioned",
        "argument-hint: [file]",
        "arguments: [file, pages]",
        "allowed-tools: Read, Bash(pdftotext:*)",
        "model: haiku",
        "effort: high",
        'disable-model-invocation: "true"',
        "user-invocable: false",
        "context: fork",
        "agent: Explore",
        "paths: docs/**, *.pdf",
        "shell: bash",
        "hooks:",
        "  PreToolUse: []",
        "---",
        "Use pdftotext.",
      ].join("\n"),
    );
    expect(parsed).toEqual({
      ok: true,
      problems: [],
      skill: {
        name: "pdf-tools",
        source: "project",
        dir: info.dir,
        file: info.file,
        body: "Use pdftotext.",
        description: "Works with PDFs",
        whenToUse: "when a PDF is mentioned",
        argumentHint: "[file]",
        argumentNames: ["file", "pages"],
        allowedTools: ["Read", "Bash(pdftotext:*)"],
        model: "haiku",
        effort: "high",
        modelInvocable: false,
        userInvocable: false,
        context: "fork",
        agent: "Explore",
        paths: ["docs/**", "*.pdf"],
        shell: "bash",
        hooks: { PreToolUse: [] },
      },
    });
  });

  it("takes the folder's name when the frontmatter gives none, and a file without frontmatter whole", () => {
    const parsed = parseSkillFile(info, "Just instructions.\n");
    expect(parsed.ok && parsed.skill).toMatchObject({
      name: "pdf",
      body: "Just instructions.",
      modelInvocable: true,
      userInvocable: true,
    });
  });

  it("a bad field is named with its line and left out; the skill still loads", () => {
    const parsed = parseSkillFile(
      info,
      "---\ndescription: ok\nname: Not A Name\nuser-invocable: maybe\n---\nBody\n",
    );
    expect(parsed.ok && parsed.skill.name).toBe("pdf");
    expect(parsed.ok && parsed.skill.userInvocable).toBe(true);
    expect(parsed.ok && parsed.problems).toEqual([
      `${info.file}:3: name: use lowercase letters, digits and hyphens (at most 64); left out`,
      `${info.file}:4: user-invocable: must be true or false; left out`,
    ]);
  });

  it("a one-line value YAML refuses is read as text, as Claude Code reads it", () => {
    const parsed = parseSkillFile(info, "---\ndescription: Use when: the user asks\n---\nB\n");
    expect(parsed.ok && parsed.skill.description).toBe("Use when: the user asks");
  });

  it("frontmatter that does not parse at all makes the file unusable, naming its line", () => {
    const parsed = parseSkillFile(info, "---\ndescription: ok\nfoo:\n  - a\n - b\n---\nB\n");
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.problem).toMatch(
      /^\/p\/\.claude\/skills\/pdf\/SKILL\.md:5: the frontmatter is not valid YAML \(.+\); the skill was skipped$/,
    );
  });
});

describe("skill discovery", () => {
  let root: string;
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), "keel-skill-dirs-"));
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  async function put(path: string, text: string) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), text);
  }

  it("reads the user's, keel's, the project's and its parents', and added folders' skills; the first name wins", async () => {
    await put("home/.claude/skills/shared/SKILL.md", "---\ndescription: from home\n---\nH\n");
    await put("state/skills/keel-only/SKILL.md", "K\n");
    await put(
      "work/repo/.claude/skills/shared/SKILL.md",
      "---\ndescription: from project\n---\nP\n",
    );
    await put("work/repo/.claude/skills/local/SKILL.md", "L\n");
    await put("work/.claude/skills/parent/SKILL.md", "Pa\n");
    await put("extra/.claude/skills/added/SKILL.md", "A\n");
    await put("work/repo/.claude/skills/not-a-skill/README.md", "no SKILL.md here\n");
    const folders = skillFolders({
      cwd: join(root, "work/repo"),
      home: join(root, "home"),
      stateDir: join(root, "state"),
      addedDirs: [join(root, "extra")],
    });
    const loaded = await loadSkills(folders);
    expect(loaded.problems).toEqual([]);
    expect(loaded.skills.map((s) => [s.name, s.source, s.body])).toEqual([
      ["shared", "user", "H"],
      ["keel-only", "keel", "K"],
      ["local", "project", "L"],
      ["parent", "project", "Pa"],
      ["added", "added-dir", "A"],
    ]);
  });
});
