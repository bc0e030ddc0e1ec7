import { describe, expect, it } from "vitest";
import type { ShellOutcome } from "../../../src/cli/repl/commands/shell-escape.js";
import type { LoadedCommands } from "../../../src/cli/repl/commands/user-commands.js";
import { ReplController, type ReplSession } from "../../../src/cli/repl/repl-controller.js";
import { shownMessages } from "../../../src/cli/repl/startup/history-view.js";
import type { Message } from "../../../src/protocol/messages.js";
import type { QueryEngine } from "../../../src/session/engine/query-engine.js";
import { scriptedEngine } from "../../session/engine/helpers.js";
import { pickerOpen, texts, until } from "./repl-harness.js";

interface Built {
  controller: ReplController;
  engine: QueryEngine;
  requests: () => string[];
  disposed: string[];
}

/** A controller over a real engine (scripted model) whose session has the slash-command parts. */
function build(
  turns: unknown[],
  parts: Partial<ReplSession> = {},
  commands: LoadedCommands = { commands: [], problems: [] },
): Built {
  const { engine, provider } = scriptedEngine({ turns });
  const disposed: string[] = [];
  const session: ReplSession = {
    engine,
    history: () => engine.messages,
    rewind: async (uuid) => (engine.rewindTo(uuid) ? ["src/a.ts"] : false),
    userCommands: async () => commands,
    dispose: async () => {
      disposed.push(engine.sessionId);
    },
    ...parts,
  };
  const controller = new ReplController({
    cwd: "/project",
    model: "claude-sonnet-5",
    session,
    openSession: async () => session,
    recordPrompt: async () => {},
    now: () => 0,
  });
  const requests = () => provider.requests.map((r) => JSON.stringify(r.body));
  return { controller, engine, requests, disposed };
}

const idle = (c: ReplController, what: string) => until(c, (s) => !s.busy, what);

describe("!cmd in the REPL", () => {
  it("shows the output and puts command and output before the next prompt", async () => {
    const ran: string[] = [];
    const shell = async (command: string): Promise<ShellOutcome> => {
      ran.push(command);
      return { stdout: "hi\n", stderr: "", code: 0, interrupted: false };
    };
    const { controller, requests } = build([{ content: "I saw it." }], { shell });
    controller.submit("!echo hi");
    await until(controller, (s) => texts(s, "notice").includes("hi"), "the output");
    expect(ran).toEqual(["echo hi"]);
    expect(texts(controller.store.get(), "user")).toEqual(["!echo hi"]);
    controller.submit("what did it print?");
    await until(controller, (s) => texts(s, "assistant").includes("I saw it."), "the answer");
    const body = requests()[0] ?? "";
    expect(body).toContain("<bash-input>echo hi</bash-input>");
    expect(body).toContain("<bash-stdout>hi</bash-stdout>");
    expect(body.indexOf("<bash-input>")).toBeLessThan(body.indexOf("what did it print?"));
  });

  it("aborts a running command on Esc", async () => {
    let seen: AbortSignal | undefined;
    const shell = (_command: string, signal: AbortSignal) =>
      new Promise<ShellOutcome>((resolve) => {
        seen = signal;
        signal.addEventListener("abort", () =>
          resolve({ stdout: "", stderr: "", code: null, interrupted: true }),
        );
      });
    const { controller } = build([], { shell });
    controller.submit("!sleep 100");
    await until(controller, (s) => s.busy, "the command to run");
    controller.interrupt();
    const state = await idle(controller, "the command's end");
    expect(seen?.aborted).toBe(true);
    expect(texts(state, "notice")).toContain("(interrupted)");
  });
});

describe("user commands in the REPL", () => {
  const review = {
    name: "review",
    scope: "project",
    file: "/project/.claude/commands/review.md",
    body: "Review $0 for $ARGUMENTS.",
    description: "Review a file",
  };

  it("sends the expanded text as the prompt and shows the typed line", async () => {
    const { controller, requests } = build(
      [{ content: "Reviewed." }],
      {},
      {
        commands: [review],
        problems: [],
      },
    );
    controller.submit("/review parser.ts bugs");
    const state = await until(
      controller,
      (s) => texts(s, "assistant").includes("Reviewed."),
      "the answer",
    );
    expect(texts(state, "user")).toEqual(["/review parser.ts bugs"]);
    expect(requests()[0]).toContain("Review parser.ts for parser.ts bugs.");
  });

  it("names a command file with bad frontmatter at start and in /help, listing the good ones", async () => {
    const { controller } = build(
      [],
      {},
      { commands: [review], problems: ["/p/bad.md: its frontmatter is not valid YAML"] },
    );
    await until(
      controller,
      (s) => texts(s, "notice").some((t) => t.includes("/p/bad.md")),
      "the start-up notice",
    );
    controller.submit("/help");
    const state = await until(
      controller,
      (s) => texts(s, "notice").filter((t) => t.includes("/p/bad.md")).length === 2,
      "the help's notice of the bad file",
    );
    expect(texts(state, "notice").some((t) => t.includes("/review  Review a file (project)"))).toBe(
      true,
    );
  });

  it("still calls an unknown command unknown", async () => {
    const { controller } = build([]);
    controller.submit("/nope");
    await until(
      controller,
      (s) => texts(s, "notice").some((t) => t.startsWith("Unknown command /nope")),
      "the notice",
    );
  });
});

/** Sends "first prompt" and "second prompt", answered "One." and "Two.", each to its turn's end. */
async function twoTurns(controller: ReplController): Promise<void> {
  controller.submit("first prompt");
  await until(controller, (s) => texts(s, "assistant").includes("One."), "the first answer");
  await idle(controller, "the first turn's end");
  controller.submit("second prompt");
  await until(controller, (s) => texts(s, "assistant").includes("Two."), "the second answer");
  await idle(controller, "the second turn's end");
}

const rewound = (c: ReplController) =>
  until(c, (s) => texts(s, "notice").some((t) => t.startsWith("Rewound")), "the rewind");

describe("/rewind and /resume pickers", () => {
  it("rewinds to the chosen prompt and puts its text back in the input box", async () => {
    const { controller, engine } = build([{ content: "One." }, { content: "Two." }]);
    await twoTurns(controller);
    controller.submit("/rewind");
    const picker = controller.overlay.get().picker;
    expect(picker?.options.map((o) => o.label)).toEqual(["second prompt", "first prompt"]);
    picker?.choose(1);
    expect(controller.overlay.get().picker).toBeUndefined();
    await rewound(controller);
    expect(controller.overlay.get().draft?.text).toBe("first prompt");
    expect(engine.messages).toEqual([]);
    expect(texts(controller.store.get(), "notice").at(-1)).toBe(
      'Rewound to before "first prompt" (restored src/a.ts).',
    );
  });

  it("redraws the conversation as it was shown (the session's record), not as the model now gets it", async () => {
    let engine: QueryEngine | undefined;
    const shownHistory = async () =>
      shownMessages(
        (engine?.messages ?? []).map((m) =>
          m.type === "assistant"
            ? {
                ...m,
                message: { ...m.message, content: [{ type: "text", text: "One, as shown." }] },
              }
            : m,
        ),
      );
    const built = build([{ content: "One." }, { content: "Two." }], { shownHistory });
    engine = built.engine;
    const { controller } = built;
    await twoTurns(controller);
    controller.submit("/rewind");
    controller.overlay.get().picker?.choose(0);
    await rewound(controller);
    expect(texts(controller.store.get(), "assistant")).toEqual(["One, as shown."]);
    expect(texts(controller.store.get(), "user")).toEqual(["first prompt"]);
  });

  it("closes the picker on Esc without rewinding", async () => {
    const { controller, engine } = build([{ content: "One." }]);
    controller.submit("only prompt");
    await until(controller, (s) => texts(s, "assistant").includes("One."), "the answer");
    await idle(controller, "the turn's end");
    controller.submit("/rewind");
    controller.overlay.get().picker?.cancel();
    expect(controller.overlay.get().picker).toBeUndefined();
    expect(engine.messages.length).toBeGreaterThan(0);
  });

  it("switches to the chosen earlier session and shows its conversation", async () => {
    const other = scriptedEngine({ turns: [] }).engine;
    const earlier = [
      {
        type: "user",
        uuid: "p1",
        timestamp: "t",
        message: { role: "user", content: "old question" },
      },
    ] as Message[];
    const sessions = {
      list: async () => [
        {
          sessionId: "old-id",
          title: "old question",
          firstPrompt: "old question",
          modifiedMs: 0,
          messageCount: 1,
        },
      ],
      open: async () => ({
        session: { engine: other, dispose: async () => {} },
        messages: earlier,
      }),
    };
    const { controller, disposed, engine } = build([], { sessions });
    controller.submit("/resume");
    await pickerOpen(controller);
    expect(controller.overlay.get().picker?.options[0]).toEqual({
      label: "old question",
      detail: "just now · 1 messages",
    });
    controller.overlay.get().picker?.choose(0);
    const state = await until(
      controller,
      (s) => texts(s, "notice").some((t) => t.startsWith("Resumed")),
      "the switch",
    );
    expect(disposed).toEqual([engine.sessionId]);
    expect(controller.activeSession.engine).toBe(other);
    expect(texts(state, "user")).toEqual(["old question"]);
  });
});

describe("/permissions, /status, /memory", () => {
  it("adds a session rule and lists the rules", async () => {
    const rules = [{ behavior: "allow" as const, text: "Read", origin: "--allowedTools" }];
    const permissions = {
      rules: () => rules,
      add: (behavior: "allow" | "deny", text: string) => {
        rules.push({ behavior: behavior as "allow", text, origin: "this session" });
        return [];
      },
    };
    const { controller } = build([], { permissions });
    controller.submit("/permissions deny Bash(rm:*)");
    controller.submit("/permissions");
    const notices = texts(controller.store.get(), "notice");
    expect(notices[0]).toBe("Added deny rule Bash(rm:*) for this session.");
    expect(notices[1]).toContain("Bash(rm:*)  (this session)");
  });

  it("shows the status and the memory files the session reports", async () => {
    const { controller, engine } = build([], {
      permissionMode: () => "plan",
      settingsFiles: ["/p/.claude/settings.json"],
      memory: async () => [{ path: "/p/CLAUDE.md", kind: "project", size: 10 }],
    });
    controller.submit("/status");
    const status = await until(controller, (s) => texts(s, "notice").length > 0, "the status");
    const text = texts(status, "notice")[0] ?? "";
    expect(text).toContain(`Session: ${engine.sessionId}`);
    expect(text).toContain("Permission mode: plan");
    expect(text).toContain("Memory files:\n  /p/CLAUDE.md");
    controller.submit("/memory");
    await until(
      controller,
      (s) => texts(s, "notice").some((t) => t.includes("(project, 10 B)")),
      "/memory",
    );
  });
});

describe("/skills", () => {
  it("lists the session's skills with who may start each, not its plain commands", async () => {
    const skill = (name: string, extra: object) => ({
      name,
      scope: "project skill",
      file: `/p/.claude/skills/${name}/SKILL.md`,
      body: "B",
      skillDir: `/p/.claude/skills/${name}`,
      ...extra,
    });
    const { controller } = build(
      [],
      {},
      {
        commands: [
          skill("greet", { description: "Greets", modelInvocable: true }),
          skill("deploy", { description: "Deploys", modelInvocable: false }),
          skill("style", {
            description: "House style",
            modelInvocable: true,
            userInvocable: false,
          }),
          { name: "commit", scope: "project", file: "/p/.claude/commands/commit.md", body: "C" },
        ],
        problems: [],
      },
    );
    controller.submit("/skills");
    await until(
      controller,
      (s) => texts(s, "notice").some((t) => t.startsWith("Skills:")),
      "the list",
    );
    expect(texts(controller.store.get(), "notice").find((t) => t.startsWith("Skills:"))).toBe(
      [
        "Skills:",
        "  greet  Greets (project skill) /p/.claude/skills/greet/SKILL.md",
        "  deploy  Deploys (project skill, you only (/name)) /p/.claude/skills/deploy/SKILL.md",
        "  style  House style (project skill, the model only) /p/.claude/skills/style/SKILL.md",
      ].join("\n"),
    );
  });

  it("says how to add one when there are none", async () => {
    const { controller } = build([]);
    controller.submit("/skills");
    await until(
      controller,
      (s) => texts(s, "notice").some((t) => t.startsWith("No skills")),
      "the answer",
    );
  });
});
