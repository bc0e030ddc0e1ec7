import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { parseAgentsOption } from "../../../src/cli/agents-option.js";
import type { CliOptions } from "../../../src/cli/options.js";
import { agentTemplate } from "../../../src/cli/repl/commands/agents-command.js";
import type { ReplController, ReplSession } from "../../../src/cli/repl/repl-controller.js";
import type { AgentDefinition } from "../../../src/config/agent-definition.js";
import { agentMarkdown } from "../../../src/config/agent-markdown.js";
import { openRealRepl, turn } from "./real-repl-session.js";
import { notices, pickerOpen, until } from "./repl-harness.js";

// /agents new, edit and delete in a real REPL session (the CLI session, its agent files, its
// Agent tool) on the in-process scripted model, with a real "editor": a shell script set as
// $VISUAL that records the file it was given and writes the next content into it.
let dir: string;
let project: string;
let state: string;
let nextContent: string;
let seen: string;

beforeEach(async () => {
  dir = await realpath(await mkdtemp(join(tmpdir(), "keel-agents-files-")));
  project = join(dir, "project");
  state = join(dir, "state");
  nextContent = join(dir, "next.md");
  seen = join(dir, "seen.md");
  await mkdir(project, { recursive: true });
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

function agentText(name: string, prompt: string, description = `Helps with ${name}.`): string {
  return `---\nname: ${name}\ndescription: ${description}\n---\n${prompt}\n`;
}

async function agentFile(root: string, name: string, text: string): Promise<string> {
  const folder = join(root, ".claude", "agents");
  await mkdir(folder, { recursive: true });
  await writeFile(join(folder, `${name}.md`), text);
  return join(folder, `${name}.md`);
}

/** The editor: copies the file it opens to seen.md, then writes next.md (when there is one) into it. */
async function editorScript(): Promise<string> {
  const path = join(dir, "editor.sh");
  const script = `#!/bin/sh\ncp "$1" '${seen}'\nif [ -f '${nextContent}' ]; then cp '${nextContent}' "$1"; fi\n`;
  await writeFile(path, script, { mode: 0o755 });
  return path;
}

async function repl(
  { turns, ...scenario }: { turns: unknown[] } & Record<string, unknown>,
  extra: Partial<CliOptions> = {},
) {
  const folders = { cwd: project, home: dir, stateDir: state };
  const env = { VISUAL: await editorScript() };
  const { controller, provider, session } = await openRealRepl(folders, turns, {
    options: extra,
    scenario,
    env,
  });
  return { controller, provider, session };
}

function lastNotice(controller: ReplController) {
  return notices(controller.store.get()).at(-1);
}

/** Runs a slash command and waits until it added a notice. */
async function command(controller: ReplController, text: string) {
  const before = notices(controller.store.get()).length;
  controller.submit(text);
  await until(controller, (s) => notices(s).length > before && !s.busy, `the answer to ${text}`);
  return lastNotice(controller);
}

function agentCall(type: string) {
  return {
    content: [
      {
        type: "tool_use",
        name: "Agent",
        input: {
          description: "Do it",
          prompt: "Do the task.",
          subagent_type: type,
          run_in_background: false,
        },
      },
    ],
  };
}

const systemOf = (body: unknown) => JSON.stringify((body as { system?: unknown }).system);
const agentToolOf = (body: unknown) =>
  JSON.stringify(
    ((body as { tools?: Array<{ name: string }> }).tools ?? []).find((t) => t.name === "Agent"),
  );
const names = (session: ReplSession) =>
  session.agents?.().map((a: AgentDefinition) => a.name) ?? [];

describe("/agents new, edit and delete change the agent files the session's Agent tool uses", () => {
  it("new writes the template, opens it in $VISUAL, and the next turn's Agent call runs the file's prompt", async () => {
    const written = agentText(
      "code-reviewer",
      "You are the REVIEWER-MARKER agent.",
      "Reviews diffs.",
    );
    await writeFile(nextContent, written);
    const { controller, provider, session } = await repl({
      turnMode: "count",
      turns: [
        agentCall("code-reviewer"),
        { content: "No problems found." },
        { content: "Reviewed." },
      ],
    });
    try {
      expect(names(session)).not.toContain("code-reviewer");
      const shown = await command(controller, "/agents new code-reviewer");
      const path = join(project, ".claude", "agents", "code-reviewer.md");
      expect(shown).toEqual({
        text: `Created ./.claude/agents/code-reviewer.md with ${join(dir, "editor.sh")} (set $VISUAL or $EDITOR to change it). The Agent tool starts code-reviewer with this file from the next request.`,
        tone: "info",
      });
      // The editor got the template: name, description, tools (as a comment), model, a prompt.
      const template = await readFile(seen, "utf8");
      expect(template).toBe(agentTemplate("code-reviewer"));
      expect(template).toMatch(/^---\nname: code-reviewer\ndescription: "Use code-reviewer when/);
      expect(template).toContain("\n# tools: Read, Grep, Glob, Bash");
      expect(template).toContain("\nmodel: inherit\n---\n");
      expect(await readFile(path, "utf8")).toBe(written);
      expect(names(session)).toContain("code-reviewer");

      await turn(controller, "review my change");
      const [main, subagent] = provider.requests;
      expect(agentToolOf(main?.body)).toContain("- code-reviewer: Reviews diffs.");
      expect(systemOf(subagent?.body)).toContain("REVIEWER-MARKER");
      expect(provider.requests).toHaveLength(3);
    } finally {
      await session.dispose();
    }
  });

  it("plain /agents reads the folders again: a file another editor wrote meanwhile is listed, and the Agent tool starts it", async () => {
    const { controller, provider, session } = await repl({
      turnMode: "count",
      turns: [agentCall("outside"), { content: "Outside done." }, { content: "Done." }],
    });
    try {
      expect(names(session)).not.toContain("outside");
      // Written while the REPL runs, as a person's own editor would: keel is not told.
      const path = await agentFile(
        project,
        "outside",
        agentText("outside", "You are the OUTSIDE-MARKER agent.", "Came from elsewhere."),
      );
      // A broken one beside it: not listed, and said why.
      const broken = await agentFile(
        project,
        "broken",
        '---\nname: broken\ndescription: "open\n---\nx\n',
      );
      controller.submit("/agents");
      const state = await until(
        controller,
        (s) => notices(s).some((n) => n.tone === "error"),
        "the listing and its problem",
      );
      const [listing, problem] = notices(state).slice(-2);
      expect(listing?.text).toContain(`  outside  Came from elsewhere. ${path}`);
      expect(listing?.text).not.toContain("  broken");
      expect(problem?.tone).toBe("error");
      expect(problem?.text).toMatch(
        new RegExp(`^skipped agent file ${broken}:3: the frontmatter is not valid YAML`),
      );
      await turn(controller, "use the new one");
      const [main, subagent] = provider.requests;
      expect(agentToolOf(main?.body)).toContain("- outside: Came from elsewhere.");
      expect(systemOf(subagent?.body)).toContain("OUTSIDE-MARKER");
    } finally {
      await session.dispose();
    }
  });

  it("--user writes into keel's agents folder; an existing file, a built-in's name or a bad name: an error, nothing written", async () => {
    const existing = await agentFile(project, "helper", agentText("helper", "Old prompt."));
    const { controller, session } = await repl({ turns: [] });
    try {
      await writeFile(nextContent, agentText("personal", "Mine."));
      const mine = await command(controller, "/agents new personal --user");
      expect(mine?.text).toMatch(/^Created ~\/state\/agents\/personal\.md with /);
      expect(await readFile(join(state, "agents", "personal.md"), "utf8")).toBe(
        agentText("personal", "Mine."),
      );
      expect(session.agents?.().find((a) => a.name === "personal")?.source.kind).toBe("user");

      expect(await command(controller, "/agents new helper")).toEqual({
        text: "/agents new: ./.claude/agents/helper.md exists already (/agents edit helper opens it); nothing was written.",
        tone: "error",
      });
      expect(await readFile(existing, "utf8")).toBe(agentText("helper", "Old prompt."));
      // In the user's folder it loads, but the project's helper takes precedence: said so.
      await writeFile(nextContent, agentText("helper", "User helper."));
      expect((await command(controller, "/agents new helper --user"))?.text).toMatch(
        /^Created ~\/state\/agents\/helper\.md with .*\. helper is also the project agent of \.\/\.claude\/agents\/helper\.md, which takes precedence\.$/,
      );
      expect(session.agents?.().find((a) => a.name === "helper")?.prompt).toBe("Old prompt.");
      expect(await command(controller, "/agents new Explore")).toEqual({
        text: "/agents new: Explore is a built-in agent's name; choose another.",
        tone: "error",
      });
      expect(await command(controller, "/agents new my_agent")).toEqual({
        text: "/agents new: Agent type must start and end with alphanumeric characters and contain only letters, numbers, and hyphens.",
        tone: "error",
      });
      expect((await command(controller, "/agents new ab"))?.text).toBe(
        "/agents new: Agent type must be at least 3 characters long.",
      );
      expect((await command(controller, "/agents new ../../escape"))?.tone).toBe("error");
      expect(existsSync(join(project, ".claude", "agents", "Explore.md"))).toBe(false);
      expect(existsSync(join(project, ".claude", "agents", "ab.md"))).toBe(false);
      expect(existsSync(join(dir, "escape.md"))).toBe(false);
    } finally {
      await session.dispose();
    }
  });

  it("edit: the edited prompt is the next subagent's; a broken edit is named with file and line and the agent left out", async () => {
    const path = await agentFile(project, "helper", agentText("helper", "OLD-PROMPT"));
    const { controller, provider, session } = await repl({
      turnMode: "count",
      turns: [
        agentCall("helper"),
        { content: "Helped." },
        { content: "Done." },
        agentCall("helper"),
        { content: "Done without it." },
      ],
    });
    try {
      await writeFile(nextContent, agentText("helper", "NEW-PROMPT"));
      const edited = await command(controller, "/agents edit helper");
      expect(edited?.text).toMatch(
        /^Edited \.\/\.claude\/agents\/helper\.md with .* from the next request\.$/,
      );
      expect(await readFile(seen, "utf8")).toBe(agentText("helper", "OLD-PROMPT"));
      await turn(controller, "help me");
      expect(systemOf(provider.requests[1]?.body)).toContain("NEW-PROMPT");
      expect(systemOf(provider.requests[1]?.body)).not.toContain("OLD-PROMPT");

      // Line 3 is the description: a quoted string that never closes.
      await writeFile(nextContent, '---\nname: helper\ndescription: "never closed\n---\nBROKEN\n');
      const broken = await command(controller, "/agents edit helper");
      expect(broken?.tone).toBe("error");
      expect(broken?.text).toContain("The Agent tool leaves this file out until it is fixed.");
      expect(broken?.text).toContain(
        `skipped agent file ${path}:3: the frontmatter is not valid YAML`,
      );
      expect(names(session)).not.toContain("helper");
      await turn(controller, "help me again");
      const refused = JSON.stringify(provider.requests[4]?.body);
      expect(refused).toContain('Agent type \\"helper\\" not found');
      expect(agentToolOf(provider.requests[3]?.body)).not.toContain("- helper:");

      // The broken file can still be opened by its name, and fixed.
      await writeFile(nextContent, agentText("helper", "FIXED-PROMPT"));
      expect((await command(controller, "/agents edit helper"))?.tone).toBe("info");
      expect(session.agents?.().find((a) => a.name === "helper")?.prompt).toBe("FIXED-PROMPT");
    } finally {
      await session.dispose();
    }
  });

  it("delete asks first; No keeps the file, Yes removes it and the next agent of that name takes its place", async () => {
    const projectFile = await agentFile(project, "writer", agentText("writer", "Project writer."));
    const keelFile = join(state, "agents", "writer.md");
    await mkdir(join(state, "agents"), { recursive: true });
    await writeFile(keelFile, agentText("writer", "Keel writer."));
    const claudeFile = await agentFile(dir, "writer", agentText("writer", "Claude writer."));
    const { controller, session } = await repl({ turns: [] });
    const confirmDelete = async (done: string) => {
      controller.submit("/agents delete writer");
      await pickerOpen(controller);
      controller.overlay.get().picker?.choose(0);
      await until(controller, (s) => notices(s).some((n) => n.text.startsWith(done)), done);
      return lastNotice(controller);
    };
    try {
      controller.submit("/agents delete writer");
      await pickerOpen(controller);
      const picker = controller.overlay.get().picker;
      expect(picker?.title).toBe("Delete the agent writer (./.claude/agents/writer.md)?");
      expect(picker?.options.map((o) => o.label)).toEqual(["Yes, delete the file", "No, keep it"]);
      picker?.choose(1);
      await until(controller, (s) => notices(s).some((n) => n.text.startsWith("Kept")), "kept");
      expect(existsSync(projectFile)).toBe(true);

      expect(await confirmDelete("Deleted ./.claude")).toEqual({
        text: "Deleted ./.claude/agents/writer.md. writer is now the user agent of ~/state/agents/writer.md.",
        tone: "info",
      });
      expect(existsSync(projectFile)).toBe(false);
      expect(session.agents?.().find((a) => a.name === "writer")?.prompt).toBe("Keel writer.");

      expect(await confirmDelete("Deleted ~/state")).toEqual({
        text: "Deleted ~/state/agents/writer.md. writer is now the user agent of ~/.claude/agents/writer.md.",
        tone: "info",
      });
      expect(existsSync(keelFile)).toBe(false);

      // Claude Code's own folder is read, never changed by keel (contracts §3).
      expect(await command(controller, "/agents delete writer")).toEqual({
        text: "/agents delete: ~/.claude/agents/writer.md is in Claude Code's user folder, which keel reads but does not change; delete it there.",
        tone: "error",
      });
      expect(existsSync(claudeFile)).toBe(true);
      expect(names(session)).toContain("writer");
    } finally {
      await session.dispose();
    }
  });

  it("built-in and --agents agents have no file to edit or delete; an unknown name is said so", async () => {
    const flagged = JSON.stringify({
      flagged: { description: "From the flag.", prompt: "Flag prompt." },
    });
    const { definitions } = parseAgentsOption(flagged);
    const { controller, session } = await repl({ turns: [] }, { agents: definitions });
    try {
      expect(await command(controller, "/agents edit general-purpose")).toEqual({
        text: "/agents edit: general-purpose is built into keel: it has no file.",
        tone: "error",
      });
      expect(await command(controller, "/agents delete flagged")).toEqual({
        text: "/agents delete: flagged comes from --agents: it has no file.",
        tone: "error",
      });
      expect(await command(controller, "/agents edit nobody")).toEqual({
        text: "/agents edit: no agent is named nobody (/agents lists them).",
        tone: "error",
      });
      expect((await command(controller, "/agents rename x"))?.text).toMatch(
        /^\/agents has no "rename"\. Usage:/,
      );
      expect(existsSync(seen)).toBe(false);
    } finally {
      await session.dispose();
    }
  });
});

describe("/agents generate (Claude Code's Generate with Claude) on the scripted model", () => {
  const generated = {
    identifier: "sql-reviewer",
    whenToUse:
      'Use this agent when a SQL migration was written.\n<example>user: "check it"</example>',
    systemPrompt: "You are the SQL-REVIEWER-MARKER. Check each migration for locks.",
  };

  it("asks the model once, writes its agent as a project file, opens it, and the next turn can start it", async () => {
    const { controller, provider, session } = await repl({
      turnMode: "count",
      turns: [agentCall("sql-reviewer"), { content: "No locks." }, { content: "Checked." }],
      side: [
        {
          match: { requestKind: "side" },
          content: `Here it is:\n\`\`\`json\n${JSON.stringify(generated)}\n\`\`\``,
        },
      ],
    });
    try {
      const shown = await command(controller, "/agents generate reviews SQL migrations for locks");
      expect(shown?.text).toMatch(
        /^Generated \.\/\.claude\/agents\/sql-reviewer\.md with .* from the next request\.$/,
      );
      const side = provider.requests.filter((r) => r.kind === "side");
      expect(side).toHaveLength(1);
      expect(JSON.stringify(side[0]?.body)).toContain("reviews SQL migrations for locks");
      const path = join(project, ".claude", "agents", "sql-reviewer.md");
      const text = await readFile(path, "utf8");
      expect(await readFile(seen, "utf8")).toBe(text);
      expect(text).toBe(
        agentMarkdown({
          name: "sql-reviewer",
          description: generated.whenToUse,
          prompt: generated.systemPrompt,
        }),
      );
      const agent = session.agents?.().find((a) => a.name === "sql-reviewer");
      // The description stays one line, its line break a literal \n (as Claude Code writes it).
      expect(agent?.description).toBe(
        'Use this agent when a SQL migration was written.\\n<example>user: "check it"</example>',
      );
      await turn(controller, "check my migration");
      const main = provider.requests.filter((r) => r.kind !== "side");
      expect(systemOf(main[1]?.body)).toContain("SQL-REVIEWER-MARKER");
    } finally {
      await session.dispose();
    }
  });

  it("an answer that is not the JSON asked for is an error, and nothing is written", async () => {
    const bad = { ...generated, identifier: "SQL Reviewer" };
    const { controller, session } = await repl({
      turns: [],
      side: [{ match: { requestKind: "side" }, content: JSON.stringify(bad) }],
    });
    try {
      expect(await command(controller, "/agents generate reviews SQL")).toEqual({
        text: '/agents generate: the model\'s answer cannot be used: identifier "SQL Reviewer": Agent type must start and end with alphanumeric characters and contain only letters, numbers, and hyphens.',
        tone: "error",
      });
      expect(existsSync(join(project, ".claude", "agents"))).toBe(false);
      expect(existsSync(seen)).toBe(false);
    } finally {
      await session.dispose();
    }
  });

  it("a name the session's agents already have is refused: no project file shadows the user's agent", async () => {
    await agentFile(dir, "sql-reviewer", agentText("sql-reviewer", "The user's own reviewer."));
    const { controller, session } = await repl({
      turns: [],
      side: [{ match: { requestKind: "side" }, content: JSON.stringify(generated) }],
    });
    try {
      expect(await command(controller, "/agents generate reviews SQL")).toEqual({
        text: "/agents generate: the model named it sql-reviewer, the name of an agent this session has; nothing was written.",
        tone: "error",
      });
      expect(existsSync(join(project, ".claude", "agents", "sql-reviewer.md"))).toBe(false);
    } finally {
      await session.dispose();
    }
  });

  it("Esc while the model writes stops it: nothing is written", async () => {
    const { controller, session } = await repl({
      turns: [],
      latencyMs: 60_000,
      side: [{ match: { requestKind: "side" }, content: JSON.stringify(generated) }],
    });
    try {
      controller.submit("/agents generate reviews SQL");
      await until(controller, (s) => s.busy, "the request under way");
      controller.interrupt();
      await until(controller, (s) => !s.busy && notices(s).length > 0, "the end of the request");
      expect(lastNotice(controller)).toEqual({
        text: "/agents generate: stopped; nothing was written.",
        tone: "error",
      });
      expect(existsSync(join(project, ".claude", "agents"))).toBe(false);
    } finally {
      await session.dispose();
    }
  });
});
