import { describe, expect, it } from "vitest";
import type { ShellOutcome } from "../../../src/cli/repl/commands/shell-escape.js";
import type { LoadedCommands } from "../../../src/cli/repl/commands/user-commands.js";
import { ReplController, type ReplSession } from "../../../src/cli/repl/repl-controller.js";
import { scriptedEngine } from "../../session/engine/helpers.js";
import { texts, until } from "./repl-harness.js";

/** A promise the test resolves when it chooses. */
function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve: (value: T) => void = () => {};
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

interface Opened {
  session: ReplSession;
  requests: () => string[];
  disposals: number;
}

/** A session over a real engine (scripted model); `parts` add slash-command parts. */
function open(turns: unknown[], parts: Partial<ReplSession> = {}): Opened {
  const { engine, provider } = scriptedEngine({ turns });
  const opened: Opened = {
    session: {
      engine,
      dispose: async () => {
        opened.disposals += 1;
      },
      ...parts,
    },
    requests: () => provider.requests.map((r) => JSON.stringify(r.body)),
    disposals: 0,
  };
  return opened;
}

function controllerOver(first: Opened, openSession: () => Promise<ReplSession>): ReplController {
  return new ReplController({
    cwd: "/project",
    model: "claude-sonnet-5",
    session: first.session,
    openSession,
    recordPrompt: async () => {},
    now: () => 0,
  });
}

const answered = (c: ReplController, text: string) =>
  until(c, (s) => !s.busy && texts(s, "assistant").includes(text), `the answer "${text}"`);

describe("prompts typed while the REPL is busy with something else", () => {
  it("a prompt typed during /clear goes to the new session, after the switch", async () => {
    const old = open([{ content: "from the old session" }]);
    const fresh = open([{ content: "from the new session" }]);
    const opening = deferred<ReplSession>();
    const controller = controllerOver(old, () => opening.promise);
    controller.submit("/clear");
    controller.submit("hello");
    await until(controller, (s) => s.queued.length === 1, "the prompt shown as queued");
    opening.resolve(fresh.session);
    const state = await answered(controller, "from the new session");
    expect(old.requests()).toEqual([]);
    expect(old.disposals).toBe(1);
    expect(texts(state, "user")).toEqual(["hello"]);
  });

  it("a prompt typed while a !cmd runs reaches the model after the command's output", async () => {
    const output = deferred<ShellOutcome>();
    const first = open([{ content: "I saw the failures." }], { shell: () => output.promise });
    const controller = controllerOver(first, async () => first.session);
    controller.submit("!npm test");
    await until(controller, (s) => s.busy, "the command to run");
    controller.submit("fix the failures");
    output.resolve({ stdout: "2 failed\n", stderr: "", code: 1, interrupted: false });
    await answered(controller, "I saw the failures.");
    const body = first.requests()[0] ?? "";
    expect(body.indexOf("<bash-stdout>2 failed</bash-stdout>")).toBeGreaterThanOrEqual(0);
    expect(body.indexOf("<bash-stdout>")).toBeLessThan(body.indexOf("fix the failures"));
  });

  it("a prompt typed after a user command waits for the command's look-up", async () => {
    const loaded = deferred<LoadedCommands>();
    const first = open([{ content: "reviewed" }, { content: "next done" }], {
      userCommands: () => loaded.promise,
    });
    const controller = controllerOver(first, async () => first.session);
    controller.submit("/review parser.ts");
    controller.submit("next");
    loaded.resolve({
      commands: [{ name: "review", scope: "project", file: "/r.md", body: "Review $ARGUMENTS." }],
      problems: [],
    });
    const state = await answered(controller, "next done");
    expect(first.requests()[0]).toContain("Review parser.ts.");
    expect(texts(state, "user")).toEqual(["/review parser.ts", "next"]);
  });
});

describe("leaving and switching", () => {
  it("exit during /clear waits for the switch and disposes each session once", async () => {
    const old = open([]);
    const fresh = open([]);
    const opening = deferred<ReplSession>();
    const controller = controllerOver(old, () => opening.promise);
    controller.submit("/clear");
    const leaving = controller.exit(0);
    opening.resolve(fresh.session);
    await leaving;
    expect(await controller.exited).toBe(0);
    expect(old.disposals).toBe(1);
    expect(fresh.disposals).toBe(1);
  });

  it("exit during /compact waits for the compaction before disposing", async () => {
    const events: string[] = [];
    const compacting = deferred<void>();
    const first = open([]);
    const engine = first.session.engine;
    first.session = {
      ...first.session,
      engine: {
        sessionId: engine.sessionId,
        busy: false,
        totalCostUsd: 0,
        submitMessage: (p, o) => engine.submitMessage(p, o),
        interrupt: () => events.push("interrupt"),
        compact: async () => {
          await compacting.promise;
          events.push("compacted");
        },
      },
      dispose: async () => {
        events.push("disposed");
      },
    };
    const controller = controllerOver(first, async () => first.session);
    controller.submit("/compact");
    const leaving = controller.exit(0);
    compacting.resolve();
    await leaving;
    expect(events.filter((e) => e !== "interrupt")).toEqual(["compacted", "disposed"]);
  });

  it("a session that fails to close is reported, and /clear still switches", async () => {
    const old = open([], {
      dispose: async () => {
        throw new Error("mcp child would not stop");
      },
    });
    const fresh = open([]);
    const controller = controllerOver(old, async () => fresh.session);
    controller.submit("/clear");
    const state = await until(
      controller,
      (s) => texts(s, "notice").some((t) => t.startsWith("New conversation")),
      "the switch",
    );
    expect(controller.activeSession).toBe(fresh.session);
    // After the fresh start's header.
    expect(texts(state, "notice")[1]).toContain("did not close cleanly: mcp child would not stop");
  });
});
