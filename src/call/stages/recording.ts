/**
 * Recording: a tool set's `recorder` receives every settled call, with how long it waited
 * and how long it ran. A recorder is an observer: its failure never changes the outcome.
 *
 * @module
 */
import type { CallOutcome } from "../outcome";

/**
 * Who a tool set let make a call, and why: `allowed` (it ran, or failed on its own
 * account), `hidden` (the caller may not see it, or there is nothing of that name: both
 * read alike to the caller), `forbidden` (it is seen, but the caller lacks a required scope).
 */
export interface CallAccess {
  readonly decision: "allowed" | "hidden" | "forbidden";
  /** Why, for the host's audit log: which check hid it, which scopes it lacked. */
  readonly reason: string;
}

/** What the recorder receives once per settled call. */
export interface ToolCallRecord {
  readonly name: string;
  readonly args: unknown;
  readonly outcome: CallOutcome;
  /** Milliseconds between being asked for and starting (waiting behind a mutating call). */
  readonly queuedMs: number;
  /** Milliseconds from start to settling. */
  readonly durationMs: number;
  /**
   * Who called: the subject of the call's `ctx.auth` (over MCP with `auth`, the bearer
   * token's `sub`; never the token). Absent for a call that was not authenticated.
   */
  readonly caller?: string;
  /** What was decided about the caller's access, and why. */
  readonly access: CallAccess;
}

/** `run`'s outcome, recorded; `askedAt` is when the call was asked for (`performance.now()`). */
export async function recorded(
  recorder: (record: ToolCallRecord) => void,
  name: string,
  args: unknown,
  run: () => Promise<CallOutcome>,
  askedAt: number,
  caller: string | undefined,
  access: (outcome: CallOutcome) => CallAccess,
): Promise<CallOutcome> {
  const startedAt = performance.now();
  const outcome = await run();
  const durationMs = performance.now() - startedAt;
  const queuedMs = startedAt - askedAt;
  try {
    recorder({
      name,
      args,
      outcome,
      queuedMs,
      durationMs,
      ...(caller !== undefined && { caller }),
      access: access(outcome),
    });
  } catch {
    // A recorder is an observer: its failure must not change the call's outcome.
  }
  return outcome;
}
