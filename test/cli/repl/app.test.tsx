import { render } from "ink-testing-library";
import { afterEach, describe, expect, it } from "vitest";
import { App } from "../../../src/cli/repl/app.js";
import { createFileIndex } from "../../../src/cli/repl/completion/file-index.js";
import type { PermissionAnswer } from "../../../src/cli/repl/interactive-permissions.js";
import { DisplaySettingsContext } from "../../../src/cli/repl/render/display-settings.js";
import type { ReplController } from "../../../src/cli/repl/repl-controller.js";
import { gateTool } from "../../loop/tools.js";
import { eventually, nextTick } from "./eventually.js";
import { replHarness } from "./repl-harness.js";

let unmount: (() => void) | undefined;
afterEach(() => unmount?.());

function screen(controller: ReplController, history: string[] = []) {
  const app = render(<App controller={controller} history={history} now={() => 0} />);
  unmount = app.unmount;
  const frame = () => app.lastFrame() ?? "";
  /** Types text, then presses Enter as a key of its own. */
  const send = async (text: string) => {
    app.stdin.write(text);
    await eventually(() => expect(frame()).toContain(text));
    app.stdin.write("\r");
  };
  return { app, frame, send };
}

describe("the REPL screen", () => {
  it("sends a typed prompt and shows the conversation", async () => {
    const { controller } = replHarness({ turns: [{ content: "Hello from keel." }] });
    const { frame, send } = screen(controller);
    expect(frame()).toContain("claude-sonnet-5 · /help for commands");
    await send("who are you?");
    await eventually(() => expect(frame()).toContain("⏺ Hello from keel."));
    expect(frame()).toContain("> who are you?");
  });

  it("brings back an earlier prompt with ↑", async () => {
    const { controller } = replHarness({ turns: [{ content: "ok" }] });
    const { app, frame } = screen(controller, ["run the tests"]);
    app.stdin.write("\u001B[A");
    await eventually(() => expect(frame()).toContain("> run the tests"));
  });

  it("shows input typed during a turn as queued, and Esc ends the turn", async () => {
    const gate = gateTool();
    const { controller } = replHarness(
      {
        turns: [
          { content: [{ type: "tool_use", name: "Gate", input: { text: "wait" } }] },
          { content: "never sent" },
        ],
      },
      { tools: [gate] },
    );
    const { app, frame, send } = screen(controller);
    await send("start");
    await eventually(() => expect(frame()).toContain("Gate(wait) running…"));
    expect(frame()).toContain("Working…");
    await send("and then this");
    await eventually(() => expect(frame()).toContain("⏎ queued: and then this"));
    app.stdin.write("\u001B");
    await eventually(() => expect(frame()).not.toContain("running…"));
    expect(frame()).not.toContain("Working…");
  });

  it("shows the permission dialog for a pending question and sends the answer", async () => {
    const { controller } = replHarness({ turns: [{ content: "ok" }] });
    const clock = { now: 0 };
    const app = render(<App controller={controller} history={[]} now={() => clock.now} />);
    unmount = app.unmount;
    const frame = () => app.lastFrame() ?? "";
    const question = { toolName: "Bash", summary: "Bash(make)", message: "Bash asks.", rules: [] };
    const answer: Promise<PermissionAnswer> = controller.ask(
      question,
      new AbortController().signal,
    );
    await eventually(() => expect(frame()).toContain("Do you want to proceed?"));
    expect(frame()).toContain("Bash(make)");
    // Typed as the dialog came up: it goes to the prompt and answers nothing.
    app.stdin.write("1");
    await eventually(() => expect(frame()).toContain("> 1"));
    clock.now = 300;
    app.stdin.write("1");
    expect(await answer).toEqual({ kind: "allow-once" });
    await eventually(() => expect(frame()).not.toContain("Do you want to proceed?"));
  });

  it("clears the prompt on the first Ctrl+C and exits on a second one", async () => {
    const { controller } = replHarness({ turns: [{ content: "ok" }] });
    const { app, frame } = screen(controller);
    app.stdin.write("half a thought");
    await eventually(() => expect(frame()).toContain("half a thought"));
    app.stdin.write("\u0003");
    await eventually(() => expect(frame()).toContain("Press Ctrl+C again to exit"));
    expect(frame()).not.toContain("half a thought");
    await nextTick();
    app.stdin.write("\u0003");
    expect(await controller.exited).toBe(0);
  });

  it("Esc with the @ menu open closes the menu and leaves the running turn alone", async () => {
    const gate = gateTool();
    const { controller } = replHarness(
      {
        turns: [
          { content: [{ type: "tool_use", name: "Gate", input: { text: "wait" } }] },
          { content: "finished" },
        ],
      },
      { tools: [gate] },
    );
    const files = createFileIndex(async () => ["src/parser.ts"]);
    const app = render(
      <DisplaySettingsContext.Provider value={{ color: false, verbose: false, files }}>
        <App controller={controller} history={[]} now={() => 0} />
      </DisplaySettingsContext.Provider>,
    );
    unmount = app.unmount;
    const frame = () => app.lastFrame() ?? "";
    controller.submit("start");
    await gate.started;
    app.stdin.write("@par");
    await eventually(() => expect(frame()).toContain("src/parser.ts"));
    app.stdin.write("\u001B");
    await eventually(() => expect(frame()).not.toContain("src/parser.ts"));
    expect(frame()).toContain("Gate(wait) running…");
    expect(controller.store.get().busy).toBe(true);
    gate.release();
    await eventually(() => expect(frame()).toContain("⏺ finished"));
  });
});
