/**
 * The sweep's unit of work: one tool or play, where it sits (agent, capability, module),
 * and the label a finding about it carries.
 *
 * @module
 */
import { isObject, read } from "./discover";
import type { SchemaRole, SweepFinding } from "./types";

/** One tool or play and the toolbox or playbook holding it. */
export interface Entry {
  readonly kind: "tool" | "play";
  readonly name: string;
  /** The holder's name; `undefined` for a tool exported on its own. */
  readonly owner: string | undefined;
  /** The definition as found; not read until its schemas are checked. */
  readonly definition: unknown;
}

/** Where an entry was reached: through which agent and capability, from which module. */
export interface Place {
  readonly agent: string | undefined;
  readonly capability: string | undefined;
  readonly source: string | undefined;
}

/** The part of a finding that says where it is. */
export type Location = Pick<
  SweepFinding,
  "label" | "agent" | "capability" | "owner" | "kind" | "name" | "schema" | "source"
>;

/**
 * The tools (or plays) of a toolbox (or playbook), named after the holder, or after `at`
 * (where it was found) when the holder has no name.
 */
export function entriesOf(
  kind: "tool" | "play",
  holder: object,
  member: "tools" | "plays",
  at?: string,
): Entry[] {
  const record = read(holder, member);
  if (!isObject(record)) return [];
  const owner = nameOf(holder, at ?? (kind === "tool" ? "toolbox" : "playbook"));
  return Object.keys(record).map((name) => ({
    kind,
    name,
    owner,
    definition: read(record, name),
  }));
}

/** Labels a finding about `entry` (about one of its schemas, when `schema` is given). */
export function locate(entry: Entry, place: Place, schema: SchemaRole | undefined): Location {
  const parts = [place.agent, place.capability ?? entry.owner].filter(
    (part): part is string => part !== undefined,
  );
  const tool = schema === undefined ? entry.name : `${entry.name}.${schema}`;
  return {
    label: [...parts, tool].join(" / "),
    agent: place.agent,
    capability: place.capability,
    owner: entry.owner,
    kind: entry.kind,
    name: entry.name,
    schema,
    source: place.source,
  };
}

/** `value`'s non-empty string `name`, or `fallback`. */
export function nameOf(value: object, fallback: string): string {
  const name = read(value, "name");
  return typeof name === "string" && name !== "" ? name : fallback;
}
