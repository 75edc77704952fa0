/**
 * Graceful shutdown, shared by the HTTP and stdio servers: count the requests in flight,
 * and on close give them a grace period, then abort the calls left through `ctx.signal`
 * so each is answered with an `isError` result instead of leaving its client waiting.
 *
 * @module
 */

/**
 * The grace period of `McpHttpServer.close()` and `createMcpHttpHandler(...).close()`
 * when none is given: long enough for a typical tool call to finish, well inside the
 * 10 s (`docker stop`) to 30 s (Kubernetes) a supervisor usually allows. The SDK's own
 * `StreamableHTTPServerTransport.close()` has none: it drops calls in flight at once.
 */
export const DEFAULT_HTTP_GRACE_MS = 5_000;

/**
 * The grace period of `serveStdio` when stdin ends, unless `graceMs` says
 * otherwise: under the 2 s the SDK's `StdioClientTransport.close()` waits after ending
 * stdin before it sends SIGTERM, so the answers are out and the process has exited by then.
 */
export const DEFAULT_STDIO_GRACE_MS = 1_500;

/**
 * How long, after aborting the calls left, a shutdown waits for their answers to be
 * written before it closes what is still open. Aborted calls settle at once (`toolSet`
 * does not wait for the tool), so this is time to write, not time to finish.
 */
const FLUSH_MS = 1_000;

/** The message of the abort reason, and of the answer to a request refused while closing. */
export const SHUTTING_DOWN = "the server is shutting down";

/** Options of a graceful `close()`. */
export interface McpCloseOptions {
  /**
   * How long calls in flight may take to finish before they are aborted through
   * `ctx.signal` and answered with an `isError` result saying the server is shutting
   * down. `0` aborts them at once.
   */
  readonly graceMs?: number;
}

/**
 * `graceMs`, or `fallback` when it is undefined. Throws a `RangeError` naming the value
 * for anything but a finite number of milliseconds, zero or more.
 */
export function resolveGraceMs(graceMs: unknown, fallback: number): number {
  if (graceMs === undefined) return fallback;
  if (typeof graceMs !== "number" || !Number.isFinite(graceMs) || graceMs < 0) {
    throw new RangeError(
      `graceMs must be a non-negative number of milliseconds, got ${String(graceMs)}`,
    );
  }
  return graceMs;
}

/**
 * A `close(options)` running `shutDown` once, with `graceMs` or else `fallbackMs`: later
 * calls share the first one's promise. An invalid `graceMs` rejects without starting
 * anything. What `shutDown` does before its first `await` happens within the call.
 */
export function closeOnce(
  fallbackMs: number,
  shutDown: (graceMs: number) => Promise<void>,
): (options?: McpCloseOptions) => Promise<void> {
  let closing: Promise<void> | undefined;
  return async (options) => {
    const graceMs = resolveGraceMs(options?.graceMs, fallbackMs);
    closing ??= shutDown(graceMs);
    return closing;
  };
}

/** The signal one call runs under, and how to let go of it once the call has settled. */
export interface CallSignal {
  readonly signal: AbortSignal;
  /** Stops following the request's signal and the shutdown; call it when the call settles. */
  readonly release: () => void;
}

/**
 * The requests in flight on one server, and its shutdown: a transport calls
 * {@link Shutdown.track} as each request arrives and the function it returns once the
 * request is answered; each `tools/call` runs under {@link Shutdown.callSignal}. Idle is
 * neither: a call whose stream was dropped (an HTTP session keeps running it, for the
 * client to resume) still counts.
 */
export class Shutdown {
  readonly #idleWaiters = new Set<() => void>();
  readonly #onIdle: (() => void) | undefined;
  // One controller per call running, rather than one long-lived signal with a listener
  // per call: Node warns past 10 listeners on a signal, and keeps them until it aborts.
  readonly #calls = new Set<AbortController>();
  #reason: Error | undefined;
  #inFlight = 0;
  #closing: Promise<void> | undefined;

  /** @param onIdle - Called each time the last request or call in flight settles. */
  constructor(onIdle?: () => void) {
    this.#onIdle = onIdle;
  }

  /** True once {@link Shutdown.close} has been called: refuse new requests. */
  get closing(): boolean {
    return this.#closing !== undefined;
  }

  /** Counts one request in flight; call the returned function (once or more) when it is answered. */
  track(): () => void {
    this.#inFlight += 1;
    let done = false;
    return () => {
      if (done) return;
      done = true;
      this.#inFlight -= 1;
      this.#wakeIfIdle();
    };
  }

  /** True when no request is in flight and no call is running. */
  get idle(): boolean {
    return this.#inFlight === 0 && this.#calls.size === 0;
  }

  #wakeIfIdle(): void {
    if (!this.idle) return;
    for (const wake of this.#idleWaiters) wake();
    this.#onIdle?.();
  }

  /**
   * A signal that aborts when `request` does (with its reason) or when the grace period
   * ends (with a reason saying the server is shutting down), whichever comes first.
   */
  callSignal(request: AbortSignal): CallSignal {
    const controller = new AbortController();
    const follow = () => controller.abort(request.reason);
    if (request.aborted || this.#reason !== undefined) {
      controller.abort(request.aborted ? request.reason : this.#reason);
      return { signal: controller.signal, release: () => {} };
    }
    request.addEventListener("abort", follow, { once: true });
    this.#calls.add(controller);
    const release = () => {
      request.removeEventListener("abort", follow);
      if (this.#calls.delete(controller)) this.#wakeIfIdle();
    };
    return { signal: controller.signal, release };
  }

  /**
   * Waits up to `graceMs` for the requests in flight, then aborts the calls still running
   * and waits a moment more for their answers. Settles once nothing is in flight or that
   * moment has passed. Idempotent: later calls share the first one's wait.
   */
  close(graceMs: number): Promise<void> {
    this.#closing ??= this.#drain(graceMs);
    return this.#closing;
  }

  async #drain(graceMs: number): Promise<void> {
    if (await this.#idleWithin(graceMs)) return;
    const reason = new Error(SHUTTING_DOWN);
    this.#reason = reason;
    for (const call of this.#calls) call.abort(reason);
    await this.#idleWithin(FLUSH_MS);
  }

  // True once nothing is in flight, false if `ms` passes first.
  #idleWithin(ms: number): Promise<boolean> {
    if (this.idle) return Promise.resolve(true);
    return new Promise((resolve) => {
      const settle = (idle: boolean) => {
        clearTimeout(timer);
        this.#idleWaiters.delete(wake);
        resolve(idle);
      };
      const wake = () => settle(true);
      // Not unref'd: a call waiting on nothing that keeps the process alive must still
      // be answered when the grace period ends.
      const timer = setTimeout(() => settle(false), ms);
      this.#idleWaiters.add(wake);
    });
  }
}
