/**
 * The notifications one `tools/call` sends while it runs (progress, logs): sent through
 * the request handler's extra, so the transport writes them on the request's own stream,
 * dropped while the connection is full, and awaited before the result, which must come
 * after them.
 *
 * @module
 */
import type { ServerNotification } from "@modelcontextprotocol/sdk/types.js";
import type { Outbound } from "./outbound";

/** The request handler's extra, as far as a call's notifications need it. */
export interface NotificationExtra {
  sendNotification(notification: ServerNotification): Promise<void>;
}

/** Sends a call's notifications and waits for them. */
export interface CallNotifications {
  /**
   * Sends `notification`, counting `bytes` as waiting on the connection; drops it (and
   * returns false) while the connection already holds more than it may. Never throws.
   */
  send(notification: ServerNotification, bytes: number): boolean;
  /**
   * Settles once every notification sent so far has been delivered or has failed, and
   * the transport has had a turn to write them. Settles at once when nothing was sent.
   */
  delivered(): Promise<void>;
}

/** The notifications of one call, through `extra`, within `outbound`. */
export function callNotifications(
  extra: NotificationExtra,
  outbound?: Outbound,
): CallNotifications {
  // Only a count and the latest wait are kept, however many are sent.
  let unsettled = 0;
  let allSettled: Promise<void> | undefined;
  let settleAll = (): void => {};
  const settled = (): void => {
    unsettled -= 1;
    if (unsettled === 0) settleAll();
  };
  const send = (notification: ServerNotification, bytes: number): boolean => {
    if (outbound?.full() === true) return false;
    outbound?.queued(bytes);
    if (unsettled === 0) {
      allSettled = new Promise((resolve) => {
        settleAll = resolve;
      });
    }
    unsettled += 1;
    try {
      extra.sendNotification(notification).then(settled, settled);
    } catch {
      settled();
    }
    return true;
  };
  const delivered = async (): Promise<void> => {
    if (allSettled === undefined) return;
    await allSettled;
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { send, delivered };
}
