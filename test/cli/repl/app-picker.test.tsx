import { render } from "ink-testing-library";
import { afterEach, describe, expect, it } from "vitest";
import { App } from "../../../src/cli/repl/app.js";
import { eventually } from "./eventually.js";
import { replHarness } from "./repl-harness.js";

let unmount: (() => void) | undefined;
afterEach(() => unmount?.());

describe("the REPL screen's picker and drafts", () => {
  it("shows a picker instead of taking prompt keys, and Enter chooses from it", async () => {
    const { controller } = replHarness({ turns: [] });
    const app = render(<App controller={controller} history={[]} now={() => 0} />);
    unmount = app.unmount;
    const chosen: number[] = [];
    controller.pick("Pick a prompt", [{ label: "first" }, { label: "second" }], (index) =>
      chosen.push(index),
    );
    await eventually(() => expect(app.lastFrame()).toContain("Pick a prompt"));
    app.stdin.write("\x1b[B");
    await eventually(() => expect(app.lastFrame()).toContain("❯ second"));
    app.stdin.write("\r");
    await eventually(() => expect(chosen).toEqual([1]));
    await eventually(() => expect(app.lastFrame()).not.toContain("Pick a prompt"));
    expect(controller.store.get().view.done).toEqual([]);
  });

  it("puts a draft (a rewound prompt) into the input box, ready to edit and send", async () => {
    const { controller } = replHarness({ turns: [] });
    const app = render(<App controller={controller} history={[]} now={() => 0} />);
    unmount = app.unmount;
    controller.putDraft("fix the parser");
    await eventually(() => expect(app.lastFrame()).toContain("> fix the parser"));
    app.stdin.write("!");
    await eventually(() => expect(app.lastFrame()).toContain("> fix the parser!"));
  });
});
