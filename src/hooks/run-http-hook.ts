import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import type { HttpHookConfig } from "./config.js";
import { type HttpHookPolicy, interpolateHeaders, refusedUrl } from "./http-url-policy.js";
import { type CommandHookResult, HOOK_OUTPUT_CHARS } from "./run-command-hook.js";

/** One http hook call. */
export interface HttpHookRequest {
  hook: HttpHookConfig;
  body: string;
  timeoutMs: number;
  signal: AbortSignal;
  policy: HttpHookPolicy;
  env: Readonly<Record<string, string | undefined>>;
}

/**
 * POSTs the event's JSON to the hook's URL (node:http, so print mode never loads undici) and
 * reads the answer as a command hook's ending: a 2xx body is stdout of an exit 0; any other
 * status a non-blocking error; a URL outside allowedHttpHookUrls is refused before any request.
 */
export async function runHttpHook(request: HttpHookRequest): Promise<CommandHookResult> {
  const refused = refusedUrl(request.hook.url, request.policy);
  if (refused !== undefined) return { kind: "spawn_failed", message: refused };
  const headers = interpolateHeaders(
    request.hook.headers ?? {},
    request.hook.allowedEnvVars,
    request.policy,
    request.env,
  );
  return new Promise((resolve) => {
    const url = new URL(request.hook.url);
    const send = url.protocol === "https:" ? httpsRequest : httpRequest;
    let settled = false;
    const finish = (result: CommandHookResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request.signal.removeEventListener("abort", onAbort);
      resolve(result);
    };
    const req = send(url, {
      method: "POST",
      headers: { ...headers, "content-type": "application/json" },
    });
    const timer = setTimeout(() => {
      finish({ kind: "timed_out", timeoutMs: request.timeoutMs, stdout: "", stderr: "" });
      req.destroy();
    }, request.timeoutMs);
    const onAbort = () => {
      finish({ kind: "aborted" });
      req.destroy();
    };
    request.signal.addEventListener("abort", onAbort, { once: true });
    req.on("error", (error) => finish({ kind: "spawn_failed", message: error.message }));
    req.on("response", (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        if (text.length < HOOK_OUTPUT_CHARS) text += chunk;
      });
      res.on("error", (error) => finish({ kind: "spawn_failed", message: error.message }));
      res.on("end", () => finish(statusEnding(res.statusCode ?? 0, text)));
    });
    req.end(request.body);
  });
}

function statusEnding(status: number, body: string): CommandHookResult {
  const ok = status >= 200 && status < 300;
  return ok
    ? { kind: "exited", exitCode: 0, exitSignal: null, stdout: body, stderr: "" }
    : { kind: "exited", exitCode: 1, exitSignal: null, stdout: "", stderr: `HTTP ${status}` };
}
