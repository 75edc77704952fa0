/**
 * The bridge from `ctx.emit` to MCP progress: each event a tool emits during a call
 * becomes a `notifications/progress` for the call's progress token.
 *
 * @module
 */
import type { ProgressToken, ServerNotification } from "@modelcontextprotocol/sdk/types.js";
import type { ToolEvent } from "toolwright";

/** The `ctx.emit` of one call, and a wait for what it sent. */
export interface ProgressBridge {
  /** Sends `event` as a progress notification; never throws. */
  readonly emit: (event: ToolEvent) => void;
  /**
   * Settles once every notification sent so far has been delivered or has failed, and
   * the transport has had a turn to write them: progress must reach the client before
   * the result does. Settles at once when nothing was sent.
   */
  delivered(): Promise<void>;
}

/**
 * A bridge sending through `extra` (the request handler's extra, whose notifications
 * the transport associates with the request). Progress only grows: an event's own
 * `progress` counts when it is ahead, otherwise the count moves on by one.
 *
 * @example
 * ```ts
 * const progress = progressBridge(token, extra);
 * await set.call(name, args, { emit: progress.emit });
 * await progress.delivered();
 * ```
 */
export function progressBridge(
  token: ProgressToken,
  extra: { sendNotification(notification: ServerNotification): Promise<void> },
): ProgressBridge {
  let progress = 0;
  const sent: Promise<void>[] = [];
  const emit = (event: ToolEvent): void => {
    progress =
      typeof event.progress === "number" && event.progress > progress
        ? event.progress
        : progress + 1;
    const message = typeof event.message === "string" ? event.message : event.type;
    const total = typeof event.total === "number" ? { total: event.total } : {};
    const notification = extra.sendNotification({
      method: "notifications/progress",
      params: { progressToken: token, progress, message, ...total },
    });
    sent.push(notification.catch(() => {}));
  };
  const delivered = async (): Promise<void> => {
    if (sent.length === 0) return;
    await Promise.all(sent);
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { emit, delivered };
}
