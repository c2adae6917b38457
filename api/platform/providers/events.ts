import { sql } from "drizzle-orm";
import type { Database, Tx } from "../../db/client";
import { log } from "../log";

// Live updates (ADR 0040): one small event bus on PostgreSQL's LISTEN/NOTIFY, so an event published
// by any app instance reaches the subscribers of every instance on the same database (on PGlite, of the one process).
// Every event goes through one PostgreSQL channel; the bus's own channel name (`stream:<id>`, later a chat room's)
// travels in the payload, so each process holds one LISTEN, on one dedicated connection, whatever it subscribes to.

/** The one PostgreSQL channel every event is notified on. */
export const EVENTS_CHANNEL = "liveshop_events";
/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more: events carry ids and figures, never records. */
export const EVENT_PAYLOAD_LIMIT = 7900;

export type EventPayload = Record<string, string | number | boolean | null>;
export type EventListener = (payload: EventPayload) => void;
/** How a database handle listens: calls `onNotify` with each payload of the channel; resolves once listening. */
export type Listen = (channel: string, onNotify: (payload: string) => void) => Promise<unknown>;

export interface Events {
  /** Calls `listener` with every event of `channel` from now on; resolves, once the LISTEN is in place, to the unsubscribe. */
  subscribe(channel: string, listener: EventListener): Promise<() => void>;
  /** How many listeners this process has on `channel` (a gone client's must not stay). */
  listeners(channel: string): number;
}

/**
 * Notifies `channel`'s subscribers with `payload`, inside the caller's transaction when `db` is one: PostgreSQL
 * delivers a NOTIFY only when its transaction commits, so a rolled-back order announces nothing.
 */
export async function publish(db: Database | Tx, channel: string, payload: EventPayload) {
  const text = JSON.stringify({ c: channel, p: payload });
  if (Buffer.byteLength(text) > EVENT_PAYLOAD_LIMIT) throw new Error(`Event payload for ${channel} is too large`);
  await db.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${text})`);
}

/** The bus of one process: the LISTEN starts with the first subscription and stays for the process's life. */
export function createEvents(listen: Listen): Events {
  const listeners = new Map<string, Set<EventListener>>();
  let listening: Promise<unknown> | undefined;

  function deliver(text: string) {
    let event: { c?: unknown; p?: unknown };
    try {
      event = JSON.parse(text);
    } catch {
      return;
    }
    if (typeof event.c !== "string" || !event.p || typeof event.p !== "object") return;
    for (const listener of listeners.get(event.c) ?? []) {
      try {
        listener(event.p as EventPayload);
      } catch (error) {
        log.error(`Event listener of ${event.c} failed`, error);
      }
    }
  }

  return {
    async subscribe(channel, listener) {
      const set = listeners.get(channel) ?? new Set();
      listeners.set(channel, set.add(listener));
      // a failed LISTEN is not kept: the next subscriber tries again
      listening ??= listen(EVENTS_CHANNEL, deliver).catch((error) => {
        listening = undefined;
        throw error;
      });
      const unsubscribe = () => {
        set.delete(listener);
        if (!set.size && listeners.get(channel) === set) listeners.delete(channel);
      };
      try {
        await listening;
      } catch (error) {
        unsubscribe();
        throw error;
      }
      return unsubscribe;
    },
    listeners: (channel) => listeners.get(channel)?.size ?? 0,
  };
}
