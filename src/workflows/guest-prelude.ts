/**
 * The JavaScript run in the sandbox before a workflow script: it locks down what would make a
 * resumed run differ (the clock, randomness) so that reaching them fails with a clear error,
 * then defines the script's globals over the host functions in `__keel` (which it hides).
 * The host functions take and answer strings; values cross as JSON.
 */
export const GUEST_PRELUDE = String.raw`
(() => {
  "use strict";
  const host = globalThis.__keel;
  delete globalThis.__keel;
  const indirectEval = eval;
  const refuse = (what) => () => {
    throw new Error(what + " is not available in workflow scripts: it would make a resumed run differ");
  };
  const lock = (object, key, descriptor) =>
    Object.defineProperty(object, key, { configurable: false, enumerable: false, ...descriptor });

  lock(Math, "random", { get: refuse("Math.random") });
  const NativeDate = Date;
  delete NativeDate.now;
  function SafeDate(...parts) {
    if (new.target === undefined) refuse("Date() without new")();
    if (parts.length === 0) refuse("new Date() without arguments")();
    return Reflect.construct(NativeDate, parts, new.target);
  }
  SafeDate.prototype = NativeDate.prototype;
  lock(SafeDate, "UTC", { value: NativeDate.UTC });
  lock(SafeDate, "parse", { value: NativeDate.parse });
  lock(SafeDate, "now", { get: refuse("Date.now") });
  lock(NativeDate.prototype, "constructor", { value: SafeDate, writable: false });
  lock(globalThis, "Date", { value: SafeDate, writable: false });

  const decode = (text) => JSON.parse(text);
  const text = (value) => (typeof value === "string" ? value : JSON.stringify(value));

  const agent = async (prompt, options) => {
    if (typeof prompt !== "string") throw new TypeError("agent(prompt, options): prompt must be a string");
    return decode(await host.agent(prompt, JSON.stringify(options === undefined ? {} : options)));
  };
  const settle = (run) => {
    try {
      return Promise.resolve(run()).catch(() => null);
    } catch {
      return Promise.resolve(null);
    }
  };
  const parallel = async (thunks) => {
    if (!Array.isArray(thunks)) throw new TypeError("parallel(thunks) takes an array of functions");
    host.checkItems("parallel", String(thunks.length));
    return Promise.all(thunks.map((thunk) => settle(() => (typeof thunk === "function" ? thunk() : thunk))));
  };
  const pipeline = async (items, ...stages) => {
    if (!Array.isArray(items)) throw new TypeError("pipeline(items, ...stages) takes an array of items");
    host.checkItems("pipeline", String(items.length));
    const one = async (item, index) => {
      let previous = item;
      for (const stage of stages) {
        try {
          previous = await stage(previous, item, index);
        } catch {
          return null;
        }
      }
      return previous;
    };
    return Promise.all(items.map(one));
  };
  const phase = (title) => {
    host.phase(String(title));
  };
  const log = (...parts) => {
    host.log(parts.map(text).join(" "));
  };
  const total = decode(host.budgetTotal());
  const budget = Object.freeze({
    total,
    spent: () => decode(host.spent()),
    remaining: () => (total === null ? null : Math.max(0, total - decode(host.spent()))),
  });
  const nested = () => {
    throw new Error("workflow() runs a child workflow one level deep only");
  };
  const workflow = async (nameOrPath, childArgs) => {
    const body = await host.workflowSource(String(nameOrPath));
    const child = indirectEval("(async (args, workflow) => {\n" + body + "\n})");
    return child(childArgs === undefined ? null : childArgs, nested);
  };
  const globals = {
    agent, parallel, pipeline, phase, log, budget, workflow,
    args: decode(host.args()),
    console: Object.freeze({ log, info: log, warn: log, error: log }),
  };
  for (const [name, value] of Object.entries(globals)) lock(globalThis, name, { value, writable: false });
})();
`;

/** The guest expression that runs a checked script's body and answers its result as JSON. */
export function guestProgram(body: string): string {
  return `${GUEST_PRELUDE}
(async () => {
${body}
})().then((result) => JSON.stringify(result === undefined ? null : result));`;
}
