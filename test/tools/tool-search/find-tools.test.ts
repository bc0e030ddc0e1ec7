import { describe, expect, it } from "vitest";
import {
  rankTools,
  selectedNames,
  selectTools,
} from "../../../src/tools/builtin/tool-search/find-tools.js";
import { deferredTool } from "./helpers.js";

const forecast = deferredTool("mcp__weather__forecast", "Gets the weather forecast for a city.");
const alerts = deferredTool("mcp__weather__alerts", "Lists storm warnings for a region.");
const send = deferredTool("SendMessage", "Posts a message to a chat channel about the weather.");
const renamed = { ...deferredTool("NewName", "Renamed tool."), aliases: ["OldName"] };

describe("select: queries", () => {
  it("reads the names after select:, trimmed, without duplicates or empty entries", () => {
    expect(selectedNames("select:A, B ,,A")).toEqual(["A", "B"]);
    expect(selectedNames("  SELECT:mcp__x__y")).toEqual(["mcp__x__y"]);
  });

  it("treats any other query as keywords", () => {
    expect(selectedNames("weather forecast")).toBeUndefined();
    expect(selectedNames("please select:A")).toBeUndefined();
  });

  it("finds tools by exact name, alias or name in another case, in the order asked", () => {
    const found = selectTools(
      ["oldname", "mcp__weather__alerts", "OldName", "MCP__WEATHER__FORECAST"],
      [forecast, alerts, renamed],
    );
    expect(found.tools.map((t) => t.name)).toEqual([
      "mcp__weather__alerts",
      "NewName",
      "mcp__weather__forecast",
    ]);
    expect(found.unknown).toEqual(["oldname"]);
  });

  it("reports names no tool has", () => {
    expect(selectTools(["Nope"], [forecast])).toEqual({ tools: [], unknown: ["Nope"] });
  });
});

describe("keyword ranking", () => {
  const tools = [send, alerts, forecast];

  it("ranks a whole name word above a mention in the description", () => {
    const ranked = rankTools("forecast", tools, 5).map((t) => t.name);
    expect(ranked).toEqual(["mcp__weather__forecast"]);
    // forecast has "weather" in its name and its description; SendMessage only in its description.
    expect(rankTools("weather", tools, 5).map((t) => t.name)).toEqual([
      "mcp__weather__forecast",
      "mcp__weather__alerts",
      "SendMessage",
    ]);
  });

  it("splits camel-case names into words and adds up the terms", () => {
    expect(rankTools("send storm", tools, 5).map((t) => t.name)).toEqual([
      "SendMessage",
      "mcp__weather__alerts",
    ]);
  });

  it("keeps equally good matches in tool-list order", () => {
    expect(rankTools("mcp", tools, 5).map((t) => t.name)).toEqual([
      "mcp__weather__alerts",
      "mcp__weather__forecast",
    ]);
  });

  it("puts a query that is a tool's whole name first", () => {
    expect(rankTools("SendMessage", tools, 5)[0]!.name).toBe("SendMessage");
  });

  it("keeps at most max results and drops tools that match nothing", () => {
    expect(rankTools("weather", tools, 2)).toHaveLength(2);
    expect(rankTools("database", tools, 5)).toEqual([]);
  });
});
