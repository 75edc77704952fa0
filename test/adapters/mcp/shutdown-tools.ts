/**
 * A capability for the hardening and shutdown tests, with a log of what its tools did:
 * `ping` answers at once; `wait` takes `ms` to answer `{ n }`, or stops early, recording
 * it, when `ctx.signal` aborts.
 */
import { type Capability, capability, defineTool, toolbox } from "toolwright";
import { z } from "zod";

/** What the tools did, so a test can tell a tool that ran from one that did not. */
export interface ToolLog {
  pings: number;
  /** `n` of each `wait` call that started. */
  readonly started: number[];
  /** `n` of each `wait` call that saw its signal abort, with the abort reason's message. */
  readonly aborted: { n: number; reason: string }[];
}

/** The capability and its log; `onStart` hears of each `wait` call as it starts. */
export function waitingTools(onStart?: (n: number) => void): {
  capability: Capability;
  log: ToolLog;
} {
  const log: ToolLog = { pings: 0, started: [], aborted: [] };
  const tools = toolbox("waiting", "Tools that take their time", {
    ping: defineTool({
      description: "Answers pong",
      parameters: z.object({}),
      execute: () => {
        log.pings += 1;
        return "pong";
      },
    }),
    wait: defineTool({
      description: "Answers { n } after ms milliseconds, or stops when cancelled",
      parameters: z.object({ n: z.number(), ms: z.number() }),
      returns: z.object({ n: z.number() }),
      execute: ({ n, ms }, ctx) => {
        log.started.push(n);
        onStart?.(n);
        return new Promise<{ n: number }>((resolve, reject) => {
          const timer = setTimeout(() => resolve({ n }), ms);
          ctx?.signal?.addEventListener("abort", () => {
            clearTimeout(timer);
            const reason: unknown = ctx.signal?.reason;
            log.aborted.push({ n, reason: reason instanceof Error ? reason.message : "" });
            reject(reason);
          });
        });
      },
    }),
  });
  return {
    capability: capability({ name: "waiting", description: "Waiting tools", toolbox: tools }),
    log,
  };
}

/** Resolves once `check` holds, polling; rejects after `timeoutMs`. */
export async function until(check: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
