import type {
  QuickJSContext,
  QuickJSDeferredPromise,
  QuickJSHandle,
  QuickJSRuntime,
} from "quickjs-emscripten";

/**
 * A function the host lends the sandbox (under `globalThis.__keel`): it takes the guest's
 * arguments as strings and answers a string, at once or later (the guest gets a promise). A
 * throw or a rejection becomes an Error in the guest with the same message.
 */
export type HostFunction = (args: readonly string[]) => string | Promise<string>;

/** How much a script may take: heap, stack, and CPU per run of guest code between host answers. */
export interface SandboxLimits {
  memoryBytes: number;
  stackBytes: number;
  /** One uninterrupted run of guest code longer than this is stopped (a runaway loop). */
  sliceMs: number;
}

export const DEFAULT_SANDBOX_LIMITS: SandboxLimits = {
  memoryBytes: 64 * 1024 * 1024,
  stackBytes: 1024 * 1024,
  sliceMs: 10_000,
};

/** The guest code's end: the string its promise resolved to, or why it failed. */
export type SandboxResult = { ok: true; value: string } | { ok: false; message: string };

export interface SandboxOptions {
  limits: SandboxLimits;
  signal: AbortSignal;
  /** The host clock, for the CPU slice only (the guest has no clock). */
  now?: () => number;
}

/**
 * Runs `code` — an expression whose value is a promise of a string — in a fresh QuickJS
 * WebAssembly instance: no file system, no modules, no host objects beyond `host`. Each run
 * gets its own instance, so nothing a script did (or a limit that stopped it) reaches another.
 */
export async function runSandboxed(
  code: string,
  host: Readonly<Record<string, HostFunction>>,
  options: SandboxOptions,
): Promise<SandboxResult> {
  if (options.signal.aborted) return { ok: false, message: "the workflow was stopped" };
  // Loaded on first use: a session that runs no workflow never loads the WebAssembly engine.
  const { newQuickJSWASMModule } = await import("quickjs-emscripten");
  const quickjs = await newQuickJSWASMModule();
  const runtime = quickjs.newRuntime();
  const guest = new Guest(runtime, options);
  try {
    return await guest.run(code, host);
  } finally {
    guest.dispose();
  }
}

/** One script's runtime and context, with the promises the host still owes it. */
class Guest {
  private readonly context: QuickJSContext;
  private readonly owed = new Set<QuickJSDeferredPromise>();
  private sliceStart = 0;
  private fatal: ((message: string) => void) | undefined;
  private disposed = false;

  constructor(
    private readonly runtime: QuickJSRuntime,
    private readonly options: SandboxOptions,
  ) {
    const now = options.now ?? Date.now;
    runtime.setMemoryLimit(options.limits.memoryBytes);
    runtime.setMaxStackSize(options.limits.stackBytes);
    runtime.setInterruptHandler(() => now() - this.sliceStart > options.limits.sliceMs);
    this.context = runtime.newContext();
  }

  async run(code: string, host: Readonly<Record<string, HostFunction>>): Promise<SandboxResult> {
    this.install(host);
    const failed = new Promise<SandboxResult>((resolve) => {
      this.fatal = (message) => resolve({ ok: false, message });
      this.options.signal.addEventListener(
        "abort",
        () => resolve({ ok: false, message: "the workflow was stopped" }),
        { once: true },
      );
    });
    this.startSlice();
    const evaluated = this.context.evalCode(code, "workflow.js");
    if (evaluated.error) return { ok: false, message: this.errorText(evaluated.error) };
    const settled = this.context.resolvePromise(evaluated.value);
    evaluated.value.dispose();
    this.pump();
    const ended = settled.then((result): SandboxResult => {
      if (result.error) return { ok: false, message: this.errorText(result.error) };
      const value = this.context.dump(result.value);
      result.value.dispose();
      return typeof value === "string"
        ? { ok: true, value }
        : { ok: false, message: "the workflow script's result is not JSON" };
    });
    return Promise.race([ended, failed]);
  }

  dispose(): void {
    this.disposed = true;
    for (const deferred of this.owed) deferred.dispose();
    this.owed.clear();
    this.context.dispose();
    this.runtime.dispose();
  }

  private install(host: Readonly<Record<string, HostFunction>>): void {
    const object = this.context.newObject();
    for (const [name, fn] of Object.entries(host)) {
      const handle = this.context.newFunction(name, (...args) => this.call(fn, args));
      this.context.setProp(object, name, handle);
      handle.dispose();
    }
    this.context.setProp(this.context.global, "__keel", object);
    object.dispose();
  }

  private call(fn: HostFunction, args: QuickJSHandle[]): QuickJSHandle {
    const strings = args.map((arg) => String(this.context.dump(arg)));
    // A throw here reaches the guest as an Error with the same message (quickjs-emscripten's).
    const answer = fn(strings);
    if (typeof answer === "string") return this.context.newString(answer);
    return this.later(answer);
  }

  /** A guest promise the host settles when `answer` does, then runs the guest on. */
  private later(answer: Promise<string>): QuickJSHandle {
    const deferred = this.context.newPromise();
    this.owed.add(deferred);
    answer.then(
      (value) => this.settle(deferred, () => this.context.newString(value), "resolve"),
      (error: unknown) =>
        this.settle(deferred, () => this.context.newError(messageOf(error)), "reject"),
    );
    return deferred.handle;
  }

  private settle(
    deferred: QuickJSDeferredPromise,
    make: () => QuickJSHandle,
    how: "resolve" | "reject",
  ): void {
    if (this.disposed || !this.owed.delete(deferred)) return;
    const value = make();
    deferred[how](value);
    value.dispose();
    deferred.dispose();
    this.pump();
  }

  /** Runs the guest's pending jobs (its promise callbacks) as one CPU slice. */
  private pump(): void {
    if (this.disposed) return;
    this.startSlice();
    const jobs = this.runtime.executePendingJobs();
    if (jobs.error) {
      const text = this.errorText(jobs.error);
      this.fatal?.(text);
    }
  }

  private startSlice(): void {
    this.sliceStart = (this.options.now ?? Date.now)();
  }

  private errorText(handle: QuickJSHandle): string {
    const dumped: unknown = this.context.dump(handle);
    handle.dispose();
    return guestErrorText(dumped, this.options.limits.sliceMs);
  }
}

/** A guest error as one line: an interrupt and memory exhaustion named for what they mean. */
function guestErrorText(dumped: unknown, sliceMs: number): string {
  const error =
    typeof dumped === "object" && dumped !== null ? (dumped as Record<string, unknown>) : {};
  const name = typeof error.name === "string" ? error.name : "Error";
  const message = typeof error.message === "string" ? error.message : String(dumped);
  if (message === "interrupted") {
    return `the workflow script ran for more than ${sliceMs} ms without waiting on an agent and was stopped (a runaway loop?)`;
  }
  if (message === "out of memory") return "the workflow script ran out of memory and was stopped";
  return `${name}: ${message}`;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
