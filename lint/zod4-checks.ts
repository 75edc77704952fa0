/**
 * Reads Zod 4 checks (`def.checks`, each with `_zod.def`) the way Zod's JSON Schema converter
 * aggregates them (`json-schema-processors.js`: `aggregateChecks`, `formatMap`,
 * `numberProcessor`), so facts match what the converter will emit.
 */
import type { $ZodTypeDef } from "zod/v4/core";
import type { SchemaNode } from "./node.js";
import { arrayProp, numberProp, prop, stringProp } from "./read.js";

/** Zod 4's `formatMap`: a format absent here is emitted under its own name; `""` emits none. */
const FORMAT_MAP: Readonly<Record<string, string>> = {
  guid: "uuid",
  url: "uri",
  datetime: "date-time",
  json_string: "json-string",
  regex: "",
};

/** A Zod 4 schema's or check's `_zod.def`. */
export const defOf = (schema: unknown): $ZodTypeDef | undefined =>
  prop(prop(schema, "_zod"), "def") as $ZodTypeDef | undefined;
/** The `_zod.def` of every check on a def. */
const checkDefs = (def: unknown): unknown[] =>
  arrayProp(def, "checks").map((check) => defOf(check));

/** The `format` Zod 4 emits for a string (none for regex, time, lax datetimes) and length checks. */
export function stringFacts(def: unknown): Partial<SchemaNode> {
  // A format schema (`z.email()`) is its own first check, as in Zod's `aggregateChecks`.
  const all = [def, ...checkDefs(def)];
  let format: string | undefined;
  let lax = false;
  let lengthBounded = false;
  // A check that carries a regex adds it to the bag Zod emits as `pattern` (`aggregateChecks`).
  const pattern = all.some((check) => prop(check, "pattern") instanceof RegExp);
  for (const check of all) {
    const name = stringProp(check, "check");
    if (name === "min_length" || name === "max_length" || name === "length_equals")
      lengthBounded = true;
    if (name !== "string_format") continue;
    format = stringProp(check, "format");
    if (prop(check, "local") === true || prop(check, "precision") === -1) lax = true;
  }
  const emitted = format === undefined ? "" : (FORMAT_MAP[format] ?? format);
  const dropped = emitted === "" || format === "time" || lax;
  const contentEncoding = format === "base64";
  return { formats: dropped ? [] : [emitted], lengthBounded, pattern, contentEncoding };
}

/**
 * Like Zod's `numberProcessor`: an exclusive bound is emitted only when it is at least as tight
 * as the inclusive one (`.gt(0).min(5)` emits just `minimum: 5`).
 */
export function numericFacts(def: unknown): SchemaNode["numeric"] {
  let exMin = Number.NEGATIVE_INFINITY;
  let inMin = Number.NEGATIVE_INFINITY;
  let exMax = Number.POSITIVE_INFINITY;
  let inMax = Number.POSITIVE_INFINITY;
  let hasExMin = false;
  let hasExMax = false;
  let inclusiveBound = false;
  let formatBound = false;
  let multipleOf = false;
  // `z.int()` is a number-format schema and so its own first check, like `z.email()`.
  for (const check of [def, ...checkDefs(def)]) {
    const name = stringProp(check, "check");
    const value = numberProp(check, "value") ?? Number.NaN;
    const inclusive = prop(check, "inclusive") === true;
    if (name === "greater_than" && inclusive) inMin = Math.max(inMin, value);
    if (name === "greater_than" && !inclusive) [hasExMin, exMin] = [true, Math.max(exMin, value)];
    if (name === "less_than" && inclusive) inMax = Math.min(inMax, value);
    if (name === "less_than" && !inclusive) [hasExMax, exMax] = [true, Math.min(exMax, value)];
    if ((name === "greater_than" || name === "less_than") && inclusive) inclusiveBound = true;
    if (name === "number_format") formatBound = true;
    if (name === "multiple_of") multipleOf = true;
  }
  return {
    exclusiveMinimum: hasExMin && exMin >= inMin,
    exclusiveMaximum: hasExMax && exMax <= inMax,
    inclusiveBound,
    formatBound,
    multipleOf,
  };
}

/** An array's `min_length`/`max_length`/`length_equals`, as `minItems`/`maxItems`. */
export function itemBounds(def: unknown): Pick<SchemaNode, "minItems" | "maxItems"> {
  // Chained checks narrow, as in `aggregateChecks`: the largest minimum, the smallest maximum.
  let minItems: number | undefined;
  let maxItems: number | undefined;
  const narrowMin = (value: number | undefined) => {
    if (value !== undefined && (minItems === undefined || value > minItems)) minItems = value;
  };
  const narrowMax = (value: number | undefined) => {
    if (value !== undefined && (maxItems === undefined || value < maxItems)) maxItems = value;
  };
  for (const check of checkDefs(def)) {
    const name = stringProp(check, "check");
    if (name === "min_length") narrowMin(numberProp(check, "minimum"));
    if (name === "max_length") narrowMax(numberProp(check, "maximum"));
    if (name === "length_equals") {
      narrowMin(numberProp(check, "length"));
      narrowMax(numberProp(check, "length"));
    }
  }
  return { minItems, maxItems };
}
