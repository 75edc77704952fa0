/**
 * The bridge from `ctx.emit` and `ctx.onPartial` to MCP progress: each event a tool
 * emits, and each partial value a streaming tool yields, during a call becomes a
 * `notifications/progress` for the call's progress token. MCP has no notification for
 * partial results, so a partial value travels as progress: its JSON as the `message`, and
 * the value itself in `_meta` under {@link PARTIAL_META}.
 *
 * @module
 */
import type { ProgressNotificationParams, ProgressToken } from "@modelcontextprotocol/sdk/types.js";
import type { ToolEvent } from "toolwright";
import { messageOf } from "../../core/describe";
import type { CallNotifications } from "./call-notifications";

/** The `_meta` key of a progress notification that carries a partial result. */
const PARTIAL_META = "toolwright/partial";

/** The `ctx.emit` of one call, and a wait for what it sent. */
export interface ProgressBridge {
  /** Sends `event` as a progress notification; never throws. */
  readonly emit: (event: ToolEvent) => void;
  /**
   * Sends a partial value as a progress notification (the `ctx.onPartial` of the call);
   * never throws. A value JSON cannot carry is sent as a message saying so.
   */
  readonly partial: (value: unknown) => void;
  /**
   * Settles once every notification sent so far has been delivered or has failed, and
   * the transport has had a turn to write them: progress must reach the client before
   * the result does. Settles at once when nothing was sent.
   */
  delivered(): Promise<void>;
}

/**
 * A bridge sending through a call's `notifications` (see `callNotifications`). Progress
 * only grows, as MCP requires: an event's own `progress` is sent as it is when it is above
 * the last value sent (the first one, 0 included, always is); otherwise (and for each
 * partial value) the count moves on from the last value, by one (from 0 before anything
 * was sent). While the connection is full (a client not reading), a notification is
 * dropped rather than queued: the count still moves on, so the client can tell.
 *
 * @example
 * ```ts
 * const progress = progressBridge(token, callNotifications(extra, outbound));
 * await set.call(name, args, { emit: progress.emit });
 * await progress.delivered();
 * ```
 */
export function progressBridge(
  token: ProgressToken,
  notifications: CallNotifications,
): ProgressBridge {
  // The last value sent (or dropped); undefined before the first.
  let progress: number | undefined;
  const send = (params: Omit<ProgressNotificationParams, "progressToken" | "progress">): void => {
    // The message, twice for a partial (as text and in `_meta`), and the envelope.
    const bytes = 2 * (params.message?.length ?? 0) + 128;
    const notification = {
      method: "notifications/progress" as const,
      params: { progressToken: token, progress: progress ?? 0, ...params },
    };
    notifications.send(notification, bytes);
  };
  const emit = (event: ToolEvent): void => {
    const { ahead, message, total } = readEvent(event);
    progress =
      ahead !== undefined && (progress === undefined || ahead > progress) ? ahead : after(progress);
    send({
      ...(message !== undefined && { message }),
      ...(total !== undefined && { total }),
    });
  };
  const partial = (value: unknown): void => {
    progress = after(progress);
    send(partialParams(value));
  };
  return { emit, partial, delivered: notifications.delivered };
}

/**
 * The next count after `last`: one more, or, where one more is lost to rounding (past
 * 2^53), the next value a double can hold. Only the largest finite double has none.
 */
function after(last: number | undefined): number {
  if (last === undefined) return 1;
  const next = last + 1;
  return next > last ? next : last + Math.abs(last) * Number.EPSILON;
}

/** What a progress notification takes of an event: finite numbers and text only. */
interface EventFields {
  readonly ahead?: number;
  readonly message?: string;
  readonly total?: number;
}

// Each field read once (a getter may answer differently when read again), and only what
// JSON carries as the protocol asks (Infinity would travel as null): a tool's event is
// anything at run time, and one that cannot be read still moves the count on.
function readEvent(event: ToolEvent): EventFields {
  let read: Record<"type" | "progress" | "message" | "total", unknown>;
  try {
    const { type, progress, message, total } = event;
    read = { type, progress, message, total };
  } catch {
    return {};
  }
  const text = typeof read.message === "string" ? read.message : read.type;
  return {
    ...(finiteNumber(read.progress) && { ahead: read.progress }),
    ...(typeof text === "string" && { message: text }),
    ...(finiteNumber(read.total) && { total: read.total }),
  };
}

function finiteNumber(value: unknown): value is number {
  return typeof value === "number" && Number.isFinite(value);
}

// The value's JSON as the message, and the value as JSON carries it (what any transport
// would deliver) in `_meta`; a value JSON cannot carry is said to be one, never dropped.
function partialParams(value: unknown): Pick<ProgressNotificationParams, "message" | "_meta"> {
  let json: string | undefined;
  try {
    json = JSON.stringify(value);
  } catch (error) {
    return { message: `(a partial result that cannot be written as JSON: ${messageOf(error)})` };
  }
  const text = json ?? "null";
  return { message: text, _meta: { [PARTIAL_META]: JSON.parse(text) as unknown } };
}
