/**
 * Resumable streams: where an HTTP session keeps the messages it sent, so that a client
 * whose stream dropped reconnects with `Last-Event-ID` and receives what it missed. The
 * interface is the MCP SDK's; the default keeps a bounded number of messages in memory.
 *
 * @module
 */
import type { EventStore } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { describeValue } from "../../core/describe";

/**
 * Where a session keeps the messages of its streams for replay: the MCP SDK's
 * `EventStore`. Share one (say, on Redis) between replicas for a client to resume on any
 * of them; the default, {@link memoryEventStore}, is one per session, in memory.
 */
export type McpEventStore = EventStore;

/** Options of {@link memoryEventStore}. */
export interface MemoryEventStoreOptions {
  /**
   * How many messages it keeps, over all its streams: past that the oldest is forgotten,
   * and a client resuming from it is answered 400 (its stream cannot be replayed whole).
   * @default 1_000
   */
  readonly maxEvents?: number;
}

const DEFAULT_MAX_EVENTS = 1_000;

interface Stored {
  readonly streamId: string;
  readonly message: JSONRPCMessage;
}

/**
 * An event store in memory, holding the newest `maxEvents` messages: enough for a
 * client to resume a dropped stream of one process. It does not outlive the process, nor
 * reach another replica.
 *
 * @example
 * ```ts
 * await listenMcpHttp({ name, version, tools, sessions: { eventStore: memoryEventStore({ maxEvents: 10_000 }) } });
 * ```
 */
export function memoryEventStore(options: MemoryEventStoreOptions = {}): McpEventStore {
  const maxEvents = checkMaxEvents(options.maxEvents);
  // In the order stored, so the oldest is the first key and a replay reads on from its id.
  const events = new Map<string, Stored>();
  let next = 0;
  return {
    async storeEvent(streamId, message) {
      const eventId = `${streamId}:${next++}`;
      events.set(eventId, { streamId, message });
      if (events.size > maxEvents) events.delete(events.keys().next().value as string);
      return eventId;
    },
    async getStreamIdForEventId(eventId) {
      return events.get(eventId)?.streamId;
    },
    async replayEventsAfter(lastEventId, { send }) {
      const last = events.get(lastEventId);
      if (last === undefined) throw new Error(`no event '${lastEventId}' is held to resume from`);
      let after = false;
      for (const [eventId, event] of events) {
        if (after && event.streamId === last.streamId) await send(eventId, event.message);
        after ||= eventId === lastEventId;
      }
      return last.streamId;
    },
  };
}

function checkMaxEvents(value: unknown): number {
  if (value === undefined) return DEFAULT_MAX_EVENTS;
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value < 1) {
    throw new RangeError(
      `memoryEventStore: maxEvents must be a positive whole number, received ${describeValue(value)}`,
    );
  }
  return value;
}
