/** `unrepresentable`: constructs no JSON Schema projection can carry. */
import type { NodeKind } from "../node.js";
import type { LintRule } from "../rule.js";

/** For each unrepresentable kind, what to write instead. */
const INSTEAD: Partial<Readonly<Record<NodeKind, string>>> = {
  date: "use z.string().datetime() (Zod 4: z.iso.datetime()) and convert after parsing",
  bigint: "use z.string() with a digits pattern, or z.number().int() when the range fits",
  map: "use z.record(keySchema, valueSchema) or an array of { key, value } objects",
  set: "use z.array(item) and de-duplicate after parsing",
  symbol: "use a z.enum([...]) of string names",
  function: "pass data, not functions, and keep behaviour in the tool",
  promise: "declare the resolved value's schema; the model sends plain JSON",
  custom: "use a concrete schema (z.string(), z.object(...)) with .refine() for the custom check",
  undefined: "use .optional() on the property, or z.null()",
  void: "use .optional() on the property, or z.null()",
  nan: "use z.number() or z.null()",
  transform:
    "pipe from a concrete input schema: z.string().transform(fn) instead of a bare transform",
};

/** Flags Date, BigInt, Map, Set, Symbol, function, promise, custom, undefined/void, NaN, bare transforms. */
export const unrepresentable: LintRule = {
  code: "unrepresentable",
  severity: "error",
  description:
    "A construct with no JSON Schema form: z.date(), z.bigint(), z.map(), z.set(), z.symbol(), z.function(), z.promise(), z.custom() (Zod 4), z.undefined(), z.void(), z.nan(), and a transform with no input-side schema (Zod 4 z.transform()). A Zod 3 z.coerce.date() is clean: it is projected as a date-time string, which it parses.",
  fix: "Replace it with a JSON-shaped schema and convert after parsing (e.g. z.string().datetime() for a date, z.record() for a map, z.array() for a set).",
  evidence:
    "Zod 4 `toJSONSchema` throws by default ('Date cannot be represented in JSON Schema', 'Transforms cannot be represented…', …; json-schema-processors) and emits a promise's inner schema; zod-to-json-schema silently drops function/symbol/void properties, turns z.date() into a date-time string and z.bigint() into an int64 integer that the Zod schema then refuses (z.coerce.date() accepts the string), z.map() into an array of pairs, z.set() into an array, z.undefined()/z.nan() into `{ not: {} }`.",
  create: (context) => ({
    node({ node, path }) {
      const instead = INSTEAD[node.kind];
      if (instead === undefined) return;
      context.report(
        path,
        `${node.typeName} has no JSON Schema representation; the conversion throws, drops it, or emits a type the schema itself then rejects. Instead, ${instead}.`,
      );
    },
  }),
};
