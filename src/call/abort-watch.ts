/**
 * One `abort` listener per signal, however many calls wait on it. A host often shares
 * one signal among many concurrent calls (a run's, or an HTTP connection's); a listener
 * per call would pass Node's limit of 10 and print a MaxListenersExceededWarning.
 *
 * @module
 */

interface Watch {
  readonly callbacks: Set<() => void>;
  readonly listener: () => void;
}

const watches = new WeakMap<AbortSignal, Watch>();

/**
 * Calls `callback` once when `signal` aborts; the returned function stops watching. The
 * signal holds one listener while anything watches it, and none after.
 */
export function watchAbort(signal: AbortSignal, callback: () => void): () => void {
  let watch = watches.get(signal);
  if (watch === undefined) {
    const callbacks = new Set<() => void>();
    const listener = () => {
      watches.delete(signal);
      for (const waiting of callbacks) waiting();
    };
    watch = { callbacks, listener };
    watches.set(signal, watch);
    signal.addEventListener("abort", listener, { once: true });
  }
  const { callbacks, listener } = watch;
  callbacks.add(callback);
  return () => {
    callbacks.delete(callback);
    if (callbacks.size > 0 || watches.get(signal) !== watch) return;
    watches.delete(signal);
    signal.removeEventListener("abort", listener);
  };
}
