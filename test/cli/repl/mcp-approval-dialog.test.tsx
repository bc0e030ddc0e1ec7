import { render } from "ink-testing-library";
import { afterEach, describe, expect, it } from "vitest";
import { McpApprovalQueue } from "../../../src/cli/repl/startup/ask-mcp-approvals.js";
import {
  completeAnswers,
  type McpApprovalAnswer,
} from "../../../src/cli/repl/startup/mcp-approval-choices.js";
import type { McpServerSpec } from "../../../src/mcp/resolve-servers.js";
import { eventually } from "./eventually.js";

function spec(name: string): McpServerSpec {
  return {
    name,
    scope: "project",
    origin: "/project/.mcp.json",
    config: { type: "stdio", command: "node", args: [`${name}.mjs`], env: {} },
  };
}

const TRACKER = spec("tracker");
const DOCS: McpServerSpec = {
  name: "docs",
  scope: "project",
  origin: "/project/.mcp.json",
  config: { type: "http", url: "http://127.0.0.1:9/mcp", headers: {} },
};

let unmount: (() => void) | undefined;
afterEach(() => unmount?.());

function queue(servers: McpServerSpec[], signal?: AbortSignal) {
  const done: McpApprovalAnswer[][] = [];
  const app = render(
    <McpApprovalQueue servers={servers} onDone={(a) => done.push(a)} signal={signal} />,
  );
  unmount = app.unmount;
  return { app, done };
}

describe("the .mcp.json approval dialog", () => {
  it("names the server, what it runs, the three choices and Esc", () => {
    const frame = queue([TRACKER, DOCS]).app.lastFrame() ?? "";
    expect(frame).toContain("New MCP server found in .mcp.json: tracker");
    expect(frame).toContain("It runs: node tracker.mjs");
    expect(frame).toContain("1. Use this server");
    expect(frame).toContain("2. Use all servers of this project's .mcp.json from now on");
    expect(frame).toContain("3. Don't use it");
    expect(frame).toContain("Esc to decide later · 1 more server to review");
  });

  it("asks about each server in turn and answers with every choice", async () => {
    const { app, done } = queue([TRACKER, DOCS]);
    app.stdin.write("3");
    await eventually(() => expect(app.lastFrame()).toContain(".mcp.json: docs"));
    expect(app.lastFrame()).toContain("It runs: http://127.0.0.1:9/mcp (http)");
    app.stdin.write("1");
    await eventually(() => expect(done).toEqual([["reject", "use"]]));
  });

  it("Esc leaves a server for later and goes on to the next", async () => {
    const { app, done } = queue([TRACKER, DOCS]);
    app.stdin.write("\u001B");
    await eventually(() => expect(app.lastFrame()).toContain(".mcp.json: docs"));
    app.stdin.write("\u001B");
    await eventually(() => expect(done).toEqual([["later", "later"]]));
  });

  it("'use all' answers the servers not asked about yet", async () => {
    const { app, done } = queue([TRACKER, DOCS]);
    app.stdin.write("2");
    await eventually(() => expect(done).toEqual([["use-all", "use-all"]]));
  });

  it("picks with the arrows and Enter", async () => {
    const { app, done } = queue([TRACKER]);
    app.stdin.write("\u001B[B");
    await eventually(() => expect(app.lastFrame()).toContain("❯ 2."));
    app.stdin.write("\u001B[B");
    await eventually(() => expect(app.lastFrame()).toContain("❯ 3."));
    app.stdin.write("\r");
    await eventually(() => expect(done).toEqual([["reject"]]));
  });

  it("Ctrl+C leaves every server not answered yet for later", async () => {
    const { app, done } = queue([TRACKER, DOCS]);
    app.stdin.write("1");
    await eventually(() => expect(app.lastFrame()).toContain(".mcp.json: docs"));
    app.stdin.write("\u0003");
    await eventually(() => expect(done).toEqual([["use", "later"]]));
  });
});

describe("the approval dialogs when the process is told to stop", () => {
  it("leave every server not answered yet for later and close", async () => {
    const stop = new AbortController();
    const { app, done } = queue([TRACKER, DOCS, spec("db")], stop.signal);
    app.stdin.write("1");
    await eventually(() => expect(app.lastFrame()).toContain(".mcp.json: docs"));
    stop.abort("SIGTERM");
    await eventually(() => expect(done).toEqual([["use", "later", "later"]]));
    await eventually(() => expect(app.lastFrame()).toBe(""));
  });

  it("ask nothing when the stop came before them", async () => {
    const stop = new AbortController();
    stop.abort("SIGTERM");
    const done: McpApprovalAnswer[][] = [];
    const app = render(
      <McpApprovalQueue
        servers={[TRACKER, DOCS]}
        onDone={(a) => done.push(a)}
        signal={stop.signal}
      />,
    );
    unmount = app.unmount;
    await eventually(() => expect(done).toEqual([["later", "later"]]));
  });
});

describe("completeAnswers", () => {
  it("fills servers after 'use all' with it and unreached ones with later", () => {
    const three = [TRACKER, DOCS, spec("db")];
    expect(completeAnswers(three, ["reject", "use-all"])).toEqual(["reject", "use-all", "use-all"]);
    expect(completeAnswers(three, ["use"])).toEqual(["use", "later", "later"]);
  });
});
