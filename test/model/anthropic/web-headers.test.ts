import { describe, expect, it } from "vitest";
import { Headers } from "../../../src/model/anthropic/web-headers.js";

describe("keel's Headers (the Fetch standard's, without undici)", () => {
  it("compares names case-insensitively and combines repeated names with a comma", () => {
    const headers = new Headers({ "X-Api-Key": "k" });
    headers.append("accept", "a");
    headers.append("Accept", "b");
    expect(headers.get("x-api-key")).toBe("k");
    expect(headers.get("ACCEPT")).toBe("a, b");
    expect(headers.has("Accept")).toBe(true);
    expect(headers.get("missing")).toBeNull();
  });

  it("set replaces every value, delete removes the name", () => {
    const headers = new Headers([
      ["a", "1"],
      ["a", "2"],
    ]);
    headers.set("A", "3");
    expect(headers.get("a")).toBe("3");
    headers.delete("a");
    expect(headers.has("a")).toBe(false);
  });

  it("iterates sorted by lower-case name, keeping each set-cookie value apart", () => {
    const headers = new Headers();
    headers.append("Set-Cookie", "a=1");
    headers.append("b-header", "x");
    headers.append("set-cookie", "b=2");
    headers.append("A-Header", "y");
    expect([...headers]).toEqual([
      ["a-header", "y"],
      ["b-header", "x"],
      ["set-cookie", "a=1"],
      ["set-cookie", "b=2"],
    ]);
    expect(headers.getSetCookie()).toEqual(["a=1", "b=2"]);
    expect(headers.get("set-cookie")).toBe("a=1, b=2");
    expect([...headers.keys()]).toEqual(["a-header", "b-header", "set-cookie", "set-cookie"]);
  });

  it("trims whitespace around values and rejects NUL, CR or LF inside them", () => {
    const headers = new Headers({ a: " \tvalue \r\n" });
    expect(headers.get("a")).toBe("value");
    expect(() => headers.set("b", "x\r\ny: z")).toThrow(TypeError);
    expect(() => headers.set("b", "x\0y")).toThrow(TypeError);
  });

  it("rejects names that are not tokens", () => {
    for (const name of ["", "bad name", "a:b", "é", "(x)"]) {
      expect(() => new Headers({ [name]: "v" }), name).toThrow(TypeError);
    }
  });

  it("copies another Headers (its own or any iterable of pairs) and rejects malformed pairs", () => {
    const source = new Headers({ a: "1", "set-cookie": "c=1" });
    source.append("set-cookie", "d=2");
    const copy = new Headers(source);
    expect(copy.getSetCookie()).toEqual(["c=1", "d=2"]);
    expect(copy.get("a")).toBe("1");
    expect(() => new Headers([["only-a-name"]])).toThrow(TypeError);
  });

  it("passes forEach the value, the name and itself, and calls itself Headers", () => {
    const headers = new Headers({ b: "2", a: "1" });
    const seen: string[] = [];
    headers.forEach((value, name, parent) => {
      expect(parent).toBe(headers);
      seen.push(`${name}=${value}`);
    });
    expect(seen).toEqual(["a=1", "b=2"]);
    expect(Object.prototype.toString.call(headers)).toBe("[object Headers]");
    expect(headers.constructor.name).toBe("Headers");
  });
});
