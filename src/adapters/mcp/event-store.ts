/**
 * Resumable streams: where an HTTP session keeps the messages it sent, so that a client
 * whose stream dropped reconnects with `Last-Event-ID` and receives what it missed. The
 * interface is the MCP SDK's; the default keeps a bounded number of messages in memory.
 *
 * @module
 */
import { randomUUID } from "node:crypto";
import type { EventStore } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { describeValue } from "../../core/describe";

/**
 * Where a session keeps the messages of its streams for replay: the MCP SDK's
 * `EventStore`. The default, {@link memoryEventStore}, is one per session, in memory. One
 * you pass is shared by every session (toolwright names each session's streams apart, so
 * a client resumes only its own); use it to keep events out of the process (say, on
 * Redis) or to bound them differently. A session itself lives in the process that
 * started it: behind a load balancer, route by `mcp-session-id`.
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
 * // One store for every session, holding the newest 10,000 messages of them all.
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

/**
 * `store` as one session sees it: its streams named apart from every other session's
 * (the SDK names each session's standalone stream alike), so that a client resuming from
 * another session's event id is refused, not sent that session's messages.
 */
export function sessionStore(store: McpEventStore): McpEventStore {
  const prefix = `${randomUUID()}/`;
  const ownStream = (streamId: string | undefined): string | undefined =>
    streamId?.startsWith(prefix) === true ? streamId.slice(prefix.length) : undefined;
  const lookUp = store.getStreamIdForEventId?.bind(store);
  return {
    storeEvent: (streamId, message) => store.storeEvent(prefix + streamId, message),
    // Only when the store has it: without it the SDK takes the stream from the replay.
    ...(lookUp !== undefined && {
      getStreamIdForEventId: async (eventId: string) => ownStream(await lookUp(eventId)),
    }),
    async replayEventsAfter(lastEventId, { send }) {
      // Held until the store says whose stream it replayed: another session's is dropped.
      const replayed: [string, JSONRPCMessage][] = [];
      const streamId = await store.replayEventsAfter(lastEventId, {
        send: async (eventId, message) => void replayed.push([eventId, message]),
      });
      const own = ownStream(streamId);
      if (own === undefined) throw new Error(`no event '${lastEventId}' of this session is held`);
      for (const [eventId, message] of replayed) await send(eventId, message);
      return own;
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
