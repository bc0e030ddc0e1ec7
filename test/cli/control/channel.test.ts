import { PassThrough } from "node:stream";
import { describe, expect, it, vi } from "vitest";
import { ControlChannel } from "../../../src/cli/control/channel.js";

function channel() {
  const out = new PassThrough();
  const lines: Array<Record<string, unknown>> = [];
  out.setEncoding("utf8").on("data", (chunk: string) => {
    for (const line of chunk.split("\n")) if (line !== "") lines.push(JSON.parse(line));
  });
  let n = 0;
  return { control: new ControlChannel(out, () => `id-${++n}`), lines };
}

const success = (id: string, response: Record<string, unknown>) => ({
  type: "control_response" as const,
  response: { subtype: "success" as const, request_id: id, response },
});

describe("the control channel (keel's requests to the SDK)", () => {
  it("matches answers by request_id, in any order", async () => {
    const { control, lines } = channel();
    const a = control.request({ subtype: "hook_callback", callback_id: "hook_0" });
    const b = control.request({ subtype: "hook_callback", callback_id: "hook_1" });
    control.answer(success("id-2", { which: "b" }));
    control.answer(success("id-1", { which: "a" }));
    expect(await a).toEqual({ which: "a" });
    expect(await b).toEqual({ which: "b" });
    await vi.waitFor(() => expect(lines.map((l) => l.request_id)).toEqual(["id-1", "id-2"]));
  });

  it("rejects on an error answer with the SDK's message", async () => {
    const { control } = channel();
    const pending = control.request({ subtype: "can_use_tool" });
    control.answer({
      type: "control_response",
      response: { subtype: "error", request_id: "id-1", error: "callback exploded" },
    });
    await expect(pending).rejects.toThrow("callback exploded");
  });

  it("cancels a request whose signal aborts and ignores its late answer", async () => {
    const { control, lines } = channel();
    const abort = new AbortController();
    const pending = control.request({ subtype: "can_use_tool" }, abort.signal);
    abort.abort();
    await expect(pending).rejects.toThrow("cancelled");
    control.answer(success("id-1", { behavior: "allow" }));
    await vi.waitFor(() =>
      expect(lines.at(-1)).toEqual({ type: "control_cancel_request", request_id: "id-1" }),
    );
    expect(control.inFlight).toBe(0);
  });

  it("fails every open request when stdin closes, and any request after that", async () => {
    const { control } = channel();
    const open = control.request({ subtype: "hook_callback" });
    control.close("stdin closed");
    await expect(open).rejects.toThrow("stdin closed");
    await expect(control.request({ subtype: "hook_callback" })).rejects.toThrow("stdin closed");
  });
});
