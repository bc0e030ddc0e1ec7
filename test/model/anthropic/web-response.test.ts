import { describe, expect, it } from "vitest";
import { Headers } from "../../../src/model/anthropic/web-headers.js";
import { WebResponse } from "../../../src/model/anthropic/web-response.js";

/** A body stream of the given text chunks. */
function streamOf(...chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

/** A response with the given body (text chunks, or null), status and headers. */
function response(
  body: string[] | null,
  status = 200,
  headers: Record<string, string> = {},
): WebResponse {
  return new WebResponse(body === null ? null : streamOf(...body), {
    status,
    statusText: "",
    headers: new Headers(headers),
    url: "http://127.0.0.1/v1/messages",
    redirected: false,
  });
}

describe("the undici-free fetch Response", () => {
  it("reads its body as text across chunks, then reports it used", async () => {
    const res = response(["Hel", "lo, é"]);
    expect(res.bodyUsed).toBe(false);
    expect(await res.text()).toBe("Hello, é");
    expect(res.bodyUsed).toBe(true);
  });

  it("rejects a second read with fetch's TypeError, whichever reader comes second", async () => {
    const res = response(['{"a":1}']);
    expect(await res.json()).toEqual({ a: 1 });
    for (const read of [() => res.text(), () => res.json(), () => res.arrayBuffer()]) {
      await expect(read()).rejects.toThrow(
        new TypeError("Body is unusable: Body has already been read"),
      );
    }
    await expect(res.bytes()).rejects.toBeInstanceOf(TypeError);
    await expect(res.blob()).rejects.toBeInstanceOf(TypeError);
  });

  it("rejects a read started while another is still reading", async () => {
    const res = response(["one", "two"]);
    const first = res.text();
    await expect(res.text()).rejects.toBeInstanceOf(TypeError);
    expect(await first).toBe("onetwo");
  });

  it("counts a read through `body` as using it, and a locked body as unreadable", async () => {
    const res = response(["chunk"]);
    const reader = res.body!.getReader();
    expect(res.bodyUsed).toBe(false); // locked, not yet read: as fetch
    await expect(res.text()).rejects.toBeInstanceOf(TypeError);
    await reader.read();
    expect(res.bodyUsed).toBe(true);
  });

  it("clones by teeing the body: both copies read the whole of it", async () => {
    const res = response(["a", "b"], 529, { "Retry-After": "7" });
    const copy = res.clone();
    expect(await copy.text()).toBe("ab");
    expect(await res.text()).toBe("ab");
    expect(copy.status).toBe(529);
    expect(copy.headers.get("retry-after")).toBe("7");
    expect(() => res.clone()).toThrow(
      new TypeError("Response.clone: Body has already been consumed."),
    );
  });

  it("parses JSON after a byte-order mark and rejects text that is not JSON", async () => {
    expect(await response(['\ufeff{"type":"error"}']).json()).toEqual({ type: "error" });
    await expect(response(["<h1>bad gateway</h1>"]).json()).rejects.toBeInstanceOf(SyntaxError);
  });

  it("gives the body as bytes, an ArrayBuffer and a Blob typed with the content-type", async () => {
    expect([...(await response(["ab"]).bytes())]).toEqual([97, 98]);
    expect(new Uint8Array(await response(["abc"]).arrayBuffer())).toEqual(
      new Uint8Array([97, 98, 99]),
    );
    const blob = await response(["{}"], 200, { "Content-Type": "application/json" }).blob();
    expect(blob.type).toBe("application/json");
    expect(await blob.text()).toBe("{}");
  });

  it("rejects formData with a TypeError", async () => {
    await expect(response(["a=b"]).formData()).rejects.toBeInstanceOf(TypeError);
  });

  it("reads headers whatever the case of the name", () => {
    const res = response([], 429, { "Retry-After": "7", "X-Should-Retry": "true" });
    expect(res.headers.get("retry-after")).toBe("7");
    expect(res.headers.get("RETRY-AFTER")).toBe("7");
    expect(res.headers.get("x-should-retry")).toBe("true");
    expect(res.headers.get("request-id")).toBeNull();
  });

  it.each([
    [200, true],
    [204, true],
    [299, true],
    [300, false],
    [400, false],
    [429, false],
    [529, false],
  ])("reports a %i as ok: %s", (status, ok) => {
    expect(response(null, status).ok).toBe(ok);
  });

  it("reads a bodiless response as empty, any number of times", async () => {
    const res = response(null, 204);
    expect(res.body).toBeNull();
    expect(await res.text()).toBe("");
    expect(await res.text()).toBe("");
    expect(res.bodyUsed).toBe(false);
    expect(res.clone().status).toBe(204);
  });

  it("rejects a read with the error the body stream failed with", async () => {
    const terminated = new TypeError("terminated");
    const res = new WebResponse(
      new ReadableStream<Uint8Array>({ pull: (controller) => controller.error(terminated) }),
      { status: 200, statusText: "OK", headers: new Headers(), url: "", redirected: false },
    );
    await expect(res.text()).rejects.toBe(terminated);
  });

  it("keeps the head it was given and types itself as fetch's basic response", () => {
    const res = new WebResponse(null, {
      status: 200,
      statusText: "OK",
      headers: new Headers(),
      url: "http://127.0.0.1/c",
      redirected: true,
    });
    expect([res.status, res.statusText, res.url, res.redirected, res.type]).toEqual([
      200,
      "OK",
      "http://127.0.0.1/c",
      true,
      "basic",
    ]);
  });
});
