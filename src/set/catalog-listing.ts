/**
 * How a deferred entry is listed (a set built with `deferLoading`): by its name, its
 * one-line summary and an arguments schema that takes any object; and the names of the two
 * catalog tools through which a model finds and reads the rest. Pure data and functions,
 * for the set and for every adapter's listing.
 *
 * @module
 */
import type { JsonSchema } from "../zod/json-schema";

/** The name of the catalog tool that finds tools. */
export const SEARCH_TOOLS = "search_tools";
/** The name of the catalog tool that reads tools' full definitions. */
export const DESCRIBE_TOOLS = "describe_tools";
/** The capability the two catalog tools belong to. */
export const TOOL_CATALOG = "tool_catalog";

/** Longest one-line summary of a description. */
const SUMMARY_LENGTH = 120;
/** Most tools one search returns, and one describe reads. */
export const MAX_RESULTS = 20;

/** The first line (or sentence) of `description`, at most {@link SUMMARY_LENGTH} characters. */
export function summaryOf(description: string): string {
  const line = description.trim().split(/\r?\n/)[0] ?? "";
  const sentence = /^(.+?[.!?])(\s|$)/.exec(line)?.[1] ?? line;
  return sentence.length <= SUMMARY_LENGTH ? sentence : `${sentence.slice(0, SUMMARY_LENGTH - 1)}…`;
}

/**
 * What a deferred entry is listed as: its summary, and an arguments schema that takes any
 * object (the entry's own schema still parses every call, and names the fields it expects
 * when the arguments are wrong). What the catalog tools say tells the model the rest.
 */
export function deferredListing(description: string): {
  readonly description: string;
  readonly parameters: JsonSchema;
} {
  return { description: summaryOf(description), parameters: { type: "object", properties: {} } };
}
