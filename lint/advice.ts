/**
 * A finding's advice in the words of what was linted: Zod's API for a Zod schema, JSON
 * Schema's keywords for a JSON Schema (a listing from a server written in any language, whose
 * author has no `.describe()` to call).
 */
import type { NodeSource } from "./node.js";

/** One piece of advice, said both ways. */
export interface Advice {
  /** For a schema written with Zod 3 or Zod 4. */
  readonly zod: string;
  /** For a JSON Schema, in its keywords. */
  readonly json: string;
}

/** The advice for a node read from `source`. */
export function adviceFor(source: NodeSource | undefined, advice: Advice): string {
  return source === "json-schema" ? advice.json : advice.zod;
}
