import { render } from "ink-testing-library";
import { afterEach, describe, expect, it } from "vitest";
import type {
  PermissionAnswer,
  PermissionQuestion,
} from "../../../src/cli/repl/interactive-permissions.js";
import type { KeyPress } from "../../../src/cli/repl/keys/key-press.js";
import { PermissionDialog } from "../../../src/cli/repl/permission-dialog.js";
import { DisplaySettingsContext } from "../../../src/cli/repl/render/display-settings.js";
import { eventually, nextTick } from "./eventually.js";

const QUESTION: PermissionQuestion = {
  toolName: "Bash",
  summary: "Bash(npm run build)",
  message: "Bash needs approval to run npm run build.",
  rules: ["Bash(npm run build:*)"],
  preview: { kind: "command", command: "npm run build", description: "Build the project" },
};

/** An Edit of a 60-line file: its diff is taller than the dialog's room. */
function tallEdit(): PermissionQuestion {
  const lines = Array.from({ length: 60 }, (_, i) => ({
    kind: "added" as const,
    text: `+line ${i + 1}`,
    number: i + 1,
  }));
  return {
    toolName: "Write",
    summary: "Write(big.txt)",
    message: "keel needs permission to use Write, and no rule or mode allows it yet.",
    rules: [],
    offersAcceptEdits: true,
    preview: { kind: "file", action: "overwrite", path: "big.txt", lines },
  };
}

let unmount: (() => void) | undefined;
afterEach(() => unmount?.());

/** A dialog on a clock the test moves; keys the dialog does not take are kept in `typed`. */
function dialog(question: PermissionQuestion = QUESTION, room = 30, guardMs?: number) {
  const answers: PermissionAnswer[] = [];
  const typed: KeyPress[] = [];
  const clock = { now: 0 };
  const app = render(
    <DisplaySettingsContext.Provider
      value={{
        color: false,
        verbose: false,
        ...(guardMs === undefined ? {} : { dialogKeyGuardMs: guardMs }),
      }}
    >
      <PermissionDialog
        question={question}
        onAnswer={(a) => answers.push(a)}
        onPromptKey={(key) => typed.push(key)}
        now={() => clock.now}
        room={room}
      />
    </DisplaySettingsContext.Provider>,
  );
  unmount = app.unmount;
  const frame = () => app.lastFrame() ?? "";
  return { app, answers, typed, clock, frame };
}

/** A dialog whose guard time has passed. */
async function readyDialog(question?: PermissionQuestion, room?: number) {
  const shown = dialog(question, room);
  await nextTick();
  shown.clock.now = 1_000;
  return shown;
}

describe("the permission dialog", () => {
  it("shows the whole command, why it asks, and the rule each 'yes' would keep", () => {
    const frame = dialog().frame();
    expect(frame).toContain("Bash command");
    expect(frame).toContain("npm run build");
    expect(frame).toContain("Build the project");
    expect(frame).toContain("Bash needs approval to run npm run build.");
    expect(frame).toContain("Do you want to proceed?");
    expect(frame).toContain("1. Yes");
    expect(frame).toContain(
      "2. Yes, and don't ask again for Bash(npm run build:*) in this project",
    );
    expect(frame).toContain("3. Yes, and allow Bash(npm run build:*) for this session only");
    expect(frame).toContain("4. No, and tell keel what to do differently (esc)");
  });

  it("wraps a long command onto rows of its own instead of cutting it", () => {
    const command = `npm run build -- ${Array.from({ length: 30 }, (_, i) => `--opt${i}`).join(" ")} --last-one`;
    const frame = dialog({ ...QUESTION, preview: { kind: "command", command } }).frame();
    expect(frame.replace(/[│\s]/g, "")).toContain(command.replace(/\s/g, ""));
    expect(frame).toContain("--last-one");
  });

  it("allows once with 1, and keeps the rule for the project with 2 or the session with 3", async () => {
    for (const [key, answer] of [
      ["1", { kind: "allow-once" }],
      ["2", { kind: "always-allow", rules: ["Bash(npm run build:*)"], scope: "project" }],
      ["3", { kind: "always-allow", rules: ["Bash(npm run build:*)"], scope: "session" }],
    ] as const) {
      const shown = await readyDialog();
      shown.app.stdin.write(key);
      await eventually(() => expect(shown.answers).toEqual([answer]));
      shown.app.unmount();
    }
  });

  it("answers nothing for keys within 300 ms of its first draw; their text goes to the prompt", async () => {
    const shown = dialog();
    await nextTick();
    shown.clock.now = 299;
    shown.app.stdin.write("1\r");
    shown.app.stdin.write("\u001B");
    await eventually(() => expect(shown.typed).toEqual([{ kind: "text", text: "1" }]));
    expect(shown.answers).toEqual([]);
    shown.clock.now = 300;
    shown.app.stdin.write("\r");
    await eventually(() => expect(shown.answers).toEqual([{ kind: "allow-once" }]));
  });

  it("takes the guard time from the display settings (0: at once, after the first draw)", async () => {
    const shown = dialog(QUESTION, 30, 0);
    await nextTick();
    shown.app.stdin.write("1");
    await eventually(() => expect(shown.answers).toEqual([{ kind: "allow-once" }]));
  });

  it("sends text that is not a choice to the prompt, and picks with the arrows and Enter", async () => {
    const { app, answers, typed, frame } = await readyDialog();
    app.stdin.write("hello");
    await eventually(() =>
      expect(typed.map((k) => (k.kind === "text" ? k.text : "")).join("")).toBe("hello"),
    );
    app.stdin.write("\u001B[B");
    await eventually(() => expect(frame()).toContain("❯ 2."));
    app.stdin.write("\r");
    await eventually(() =>
      expect(answers).toEqual([
        { kind: "always-allow", rules: ["Bash(npm run build:*)"], scope: "project" },
      ]),
    );
  });

  it("denies with the feedback typed on the deny line", async () => {
    const { app, answers, frame } = await readyDialog();
    app.stdin.write("4");
    await eventually(() => expect(frame()).toContain("❯ 4. No"));
    app.stdin.write("use yarn");
    await eventually(() => expect(frame()).toContain("use yarn"));
    app.stdin.write("\r");
    await eventually(() => expect(answers).toEqual([{ kind: "deny", feedback: "use yarn" }]));
  });

  it("denies without feedback on Esc", async () => {
    const { app, answers } = await readyDialog();
    app.stdin.write("\u001B");
    await eventually(() => expect(answers).toEqual([{ kind: "deny", feedback: "" }]));
  });

  it("offers only yes and no when there is no narrow rule", async () => {
    const { app, answers, frame } = await readyDialog({ ...QUESTION, rules: [] });
    expect(frame()).not.toContain("don't ask again");
    app.stdin.write("2");
    await eventually(() => expect(frame()).toContain("❯ 2. No"));
    app.stdin.write("\r");
    await eventually(() => expect(answers).toEqual([{ kind: "deny", feedback: "" }]));
  });

  it("shows a file's change with line numbers, and Shift+Tab allows all edits for the session", async () => {
    const question: PermissionQuestion = {
      toolName: "Edit",
      summary: "Edit(src/a.js)",
      message: "keel needs permission to use Edit, and no rule or mode allows it yet.",
      rules: [],
      offersAcceptEdits: true,
      preview: {
        kind: "file",
        action: "edit",
        path: "src/a.js",
        lines: [
          { kind: "hunk", text: "@@ -2,2 +2,2 @@" },
          { kind: "context", text: " const a = 1;", number: 2 },
          { kind: "removed", text: "-return a - b;", number: 3 },
          { kind: "added", text: "+return a + b;", number: 3 },
        ],
      },
    };
    const { app, answers, frame } = await readyDialog(question);
    expect(frame()).toContain("Edit file");
    expect(frame()).toContain("src/a.js");
    expect(frame()).toMatch(/2 {2}const a = 1;/);
    expect(frame()).toMatch(/3 -return a - b;/);
    expect(frame()).toMatch(/3 \+return a \+ b;/);
    expect(frame()).toContain("Do you want to make this edit to a.js?");
    expect(frame()).toContain("2. Yes, allow all edits during this session (shift+tab)");
    app.stdin.write("\u001B[Z");
    await eventually(() => expect(answers).toEqual([{ kind: "accept-edits" }]));
  });

  it("keeps a tall change within its room and scrolls it with ↑/↓ and PgUp/PgDn", async () => {
    const room = 16;
    const { app, frame, answers } = await readyDialog(tallEdit(), room);
    expect(frame().split("\n").length).toBeLessThanOrEqual(room);
    const hint = () => frame().match(/lines (\d+)–(\d+) of 60/);
    expect(hint()?.[1]).toBe("1");
    expect(frame()).toContain("+line 1");
    const shownRows = Number(hint()?.[2]);
    app.stdin.write("\u001B[B");
    await eventually(() => expect(hint()?.[1]).toBe("2"));
    expect(frame()).not.toContain("+line 1\n");
    app.stdin.write("\u001B[6~");
    await eventually(() => expect(Number(hint()?.[1])).toBe(2 + shownRows - 1));
    app.stdin.write("\u001B[5~");
    await eventually(() => expect(hint()?.[1]).toBe("2"));
    for (let i = 0; i < 30; i++) app.stdin.write("\u001B[6~");
    await eventually(() => expect(hint()?.[2]).toBe("60"));
    expect(frame()).toContain("+line 60");
    expect(frame().split("\n").length).toBeLessThanOrEqual(room);
    // The choices are picked by number while the arrows scroll.
    app.stdin.write("1");
    await eventually(() => expect(answers).toEqual([{ kind: "allow-once" }]));
  });
});
