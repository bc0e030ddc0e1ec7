import { render } from "ink-testing-library";
import { afterEach, describe, expect, it } from "vitest";
import type {
  PermissionAnswer,
  PermissionQuestion,
} from "../../../src/cli/repl/interactive-permissions.js";
import { PermissionDialog } from "../../../src/cli/repl/permission-dialog.js";
import { eventually } from "./eventually.js";

const QUESTION: PermissionQuestion = {
  toolName: "Bash",
  summary: "Bash(npm run build)",
  message: "Bash needs approval to run npm run build.",
  rules: ["Bash(npm run build:*)"],
};

let unmount: (() => void) | undefined;
afterEach(() => unmount?.());

function dialog(question: PermissionQuestion = QUESTION) {
  const answers: PermissionAnswer[] = [];
  const app = render(<PermissionDialog question={question} onAnswer={(a) => answers.push(a)} />);
  unmount = app.unmount;
  return { app, answers };
}

describe("the permission dialog", () => {
  it("shows the call, why it asks, and the narrow rule 'always allow' would add", () => {
    const frame = dialog().app.lastFrame() ?? "";
    expect(frame).toContain("Allow Bash(npm run build)?");
    expect(frame).toContain("Bash needs approval to run npm run build.");
    expect(frame).toContain("1. Yes, allow once");
    expect(frame).toContain("2. Yes, and always allow Bash(npm run build:*) this session");
    expect(frame).toContain("3. No");
  });

  it("allows once with 1 and always with 2", async () => {
    const first = dialog();
    first.app.stdin.write("1");
    await eventually(() => expect(first.answers).toEqual([{ kind: "allow-once" }]));
    first.app.unmount();
    const second = dialog();
    second.app.stdin.write("2");
    await eventually(() =>
      expect(second.answers).toEqual([{ kind: "always-allow", rules: ["Bash(npm run build:*)"] }]),
    );
  });

  it("picks with the arrows and Enter", async () => {
    const { app, answers } = dialog();
    app.stdin.write("\u001B[B");
    await eventually(() => expect(app.lastFrame()).toContain("❯ 2."));
    app.stdin.write("\r");
    await eventually(() =>
      expect(answers).toEqual([{ kind: "always-allow", rules: ["Bash(npm run build:*)"] }]),
    );
  });

  it("denies with the feedback typed on the deny line", async () => {
    const { app, answers } = dialog();
    app.stdin.write("3");
    await eventually(() => expect(app.lastFrame()).toContain("❯ 3. No"));
    app.stdin.write("use yarn");
    await eventually(() => expect(app.lastFrame()).toContain("use yarn"));
    app.stdin.write("\r");
    await eventually(() => expect(answers).toEqual([{ kind: "deny", feedback: "use yarn" }]));
  });

  it("denies without feedback on Esc", async () => {
    const { app, answers } = dialog();
    app.stdin.write("\u001B");
    await eventually(() => expect(answers).toEqual([{ kind: "deny", feedback: "" }]));
  });

  it("offers no 'always allow' when there is no narrow rule", async () => {
    const { app, answers } = dialog({ ...QUESTION, rules: [] });
    expect(app.lastFrame()).not.toContain("always allow");
    app.stdin.write("2");
    await eventually(() => expect(app.lastFrame()).toContain("❯ 2. No"));
    app.stdin.write("\r");
    await eventually(() => expect(answers).toEqual([{ kind: "deny", feedback: "" }]));
  });
});
