import { describe, expect, it } from "vitest";
import { acceptEncoding, decodersFor } from "../../../src/model/anthropic/content-decoding.js";

describe("content codings as Node's fetch handles them", () => {
  it("asks for brotli only over https", () => {
    expect(acceptEncoding(new URL("https://api.anthropic.com/v1/messages"))).toBe(
      "br, gzip, deflate",
    );
    expect(acceptEncoding(new URL("http://127.0.0.1:8080/"))).toBe("gzip, deflate");
  });

  it("decodes nothing when one coding is unknown, so the body passes through as sent", () => {
    expect(decodersFor("gzip, zstd")).toEqual([]);
    expect(decodersFor(undefined)).toEqual([]);
  });

  it("has one decoder per coding and refuses more than five codings", () => {
    expect(decodersFor(" GZIP , br ")).toHaveLength(2);
    expect(decodersFor("gzip, gzip, gzip, gzip, gzip, gzip")).toBeInstanceOf(Error);
  });
});
