import { render } from "ink-testing-library";
import { afterEach, describe, expect, it } from "vitest";
import type { PickerSpec } from "../../../src/cli/repl/commands/overlay.js";
import { Picker, windowStart } from "../../../src/cli/repl/picker.js";
import { eventually } from "./eventually.js";

let unmount: (() => void) | undefined;
afterEach(() => unmount?.());

function picker(count = 3, selected?: number) {
  const events: string[] = [];
  const spec: PickerSpec = {
    id: 1,
    title: "Pick one",
    ...(selected === undefined ? {} : { selected }),
    options: Array.from({ length: count }, (_, i) => ({ label: `option ${i}`, detail: `d${i}` })),
    choose: (index) => events.push(`choose ${index}`),
    cancel: () => events.push("cancel"),
  };
  const app = render(<Picker spec={spec} />);
  unmount = app.unmount;
  return { app, events };
}

const DOWN = "\x1b[B";
const UP = "\x1b[A";

describe("the picker", () => {
  it("shows the title and options with the first one selected", () => {
    const frame = picker().app.lastFrame() ?? "";
    expect(frame).toContain("Pick one");
    expect(frame).toContain("❯ option 0 d0");
    expect(frame).toContain("  option 1 d1");
  });

  it("moves with the arrows and chooses with Enter", async () => {
    const { app, events } = picker();
    app.stdin.write(DOWN);
    await eventually(() => expect(app.lastFrame()).toContain("❯ option 1"));
    app.stdin.write(DOWN);
    await eventually(() => expect(app.lastFrame()).toContain("❯ option 2"));
    app.stdin.write(UP);
    await eventually(() => expect(app.lastFrame()).toContain("❯ option 1"));
    app.stdin.write("\r");
    await eventually(() => expect(events).toEqual(["choose 1"]));
  });

  it("wraps from the first option to the last", async () => {
    const { app, events } = picker();
    app.stdin.write(UP);
    await eventually(() => expect(app.lastFrame()).toContain("❯ option 2"));
    app.stdin.write("\r");
    await eventually(() => expect(events).toEqual(["choose 2"]));
  });

  it("opens on the option it is given (a list opened again keeps its place)", async () => {
    const { app, events } = picker(3, 2);
    expect(app.lastFrame()).toContain("❯ option 2 d2");
    app.stdin.write(DOWN);
    await eventually(() => expect(app.lastFrame()).toContain("❯ option 0"));
    app.stdin.write("\r");
    await eventually(() => expect(events).toEqual(["choose 0"]));
  });

  it("cancels with Esc", async () => {
    const { app, events } = picker();
    app.stdin.write("\x1b");
    await eventually(() => expect(events).toEqual(["cancel"]));
  });

  it("scrolls a long list so the selection stays in view", () => {
    expect(windowStart(0, 30)).toBe(0);
    expect(windowStart(12, 30)).toBe(7);
    expect(windowStart(29, 30)).toBe(20);
    expect(windowStart(5, 4)).toBe(0);
  });
});
