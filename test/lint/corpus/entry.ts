/**
 * One tool schema of the evidence corpus: written in the style of public MCP servers and agent
 * SDK examples (not copied from them), built with either Zod major, with the arguments a model
 * would plausibly send for it.
 */
import type { AnyZ } from "../helpers.js";

/** A Zod major. */
export type ZodMajor = 3 | 4;

/** A corpus tool. */
export interface CorpusEntry {
  /** The tool's name, unique in the corpus. */
  readonly name: string;
  /** The kind of project it is written after, e.g. "MCP filesystem server". */
  readonly style: string;
  /** The majors it is built with (some constructs exist in one only). @default [3, 4] */
  readonly majors?: readonly ZodMajor[];
  /** Builds the parameters schema with the given major's `z`. */
  readonly build: (z: AnyZ, major: ZodMajor) => unknown;
  /** Arguments a model would plausibly send: JSON, meant to be accepted by the tool. */
  readonly sample: Readonly<Record<string, unknown>>;
  /**
   * The majors whose schema refuses `sample` although a model told the projected schema would
   * send it (a plain z.date() in Zod 3: the projection says string, the schema wants a Date).
   */
  readonly refusesSample?: readonly ZodMajor[];
}

/** One corpus entry built with one major. */
export interface CorpusInstance {
  readonly entry: CorpusEntry;
  readonly major: ZodMajor;
  readonly schema: unknown;
  /** `name@3` or `name@4`. */
  readonly id: string;
}
