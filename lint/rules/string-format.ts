/** `string-format`: string formats outside what the dialect's provider accepts. */
import { type Advice, adviceFor } from "../advice.js";
import type { LintRule } from "../rule.js";
import type { LintDialect } from "../types.js";

/** What to do instead of a format the path refuses. */
const INSTEAD: Advice = {
  zod: "Remove the format check and describe the form in .describe(), or validate it after parsing.",
  json: "Remove the format keyword and describe the form in the description, or validate it when the tool runs.",
};

/** What to do instead of a format on a number (only a JSON Schema writes one). */
const NUMBER_INSTEAD: Advice = {
  zod: "Remove the format and state the range with .min() and .max() where the provider supports bounds, or in .describe().",
  json: "Remove the format keyword and state the range with minimum and maximum where the provider supports bounds, or in the description.",
};

/**
 * The `format` values each dialect's provider accepts; other dialects do not run this rule.
 * Also read by the OpenAI strict conversion in `src/`, so the two never disagree.
 */
export const ALLOWED_STRING_FORMATS: Partial<Readonly<Record<LintDialect, readonly string[]>>> = {
  "openai-strict": [
    "date-time",
    "time",
    "date",
    "duration",
    "email",
    "hostname",
    "ipv4",
    "ipv6",
    "uuid",
  ],
  gemini: ["date-time", "enum"],
  "anthropic-strict": [
    "date-time",
    "time",
    "date",
    "duration",
    "email",
    "hostname",
    "uri",
    "ipv4",
    "ipv6",
    "uuid",
  ],
};

/**
 * The `format` values each dialect's path carries on a number (a JSON Schema's OpenAPI-style
 * `int32`, `int64`, `float`, `double`; no Zod converter emits one); other dialects do not check a
 * number's format. Anthropic's SDK (`lib/transform-json-schema`) keeps `format` only on a
 * string, so any other is moved into the description, unenforced; toolwright's OpenAI strict
 * conversion refuses any format outside the list above, on any node.
 */
export const ALLOWED_NUMBER_FORMATS: Partial<Readonly<Record<LintDialect, readonly string[]>>> = {
  "openai-strict": ALLOWED_STRING_FORMATS["openai-strict"] ?? [],
  "anthropic-strict": [],
};

/** Flags a string, or a number, whose emitted `format` the provider does not accept. */
export const stringFormat: LintRule = {
  code: "string-format",
  severity: "error",
  description:
    'A string whose converter output carries a `format` the provider rejects. openai-strict accepts date-time, time, date, duration, email, hostname, ipv4, ipv6, uuid; anthropic-strict those and uri; gemini accepts date-time (and enum). E.g. .url() is emitted as `format: "uri"`; Zod 4 z.cuid()/z.base64() and .startsWith()/.lowercase() emit their own names. In a JSON Schema, also a number with a `format` (OpenAPI\'s `int32`) under openai-strict and anthropic-strict.',
  fix: "Drop the format check and describe the expected form in .describe(), or use .regex() (emitted as `pattern`) where the provider supports patterns.",
  evidence:
    "zod-to-json-schema src/parsers/string.ts maps url→uri, email, uuid, datetime→date-time, date, time, duration, ip→ipv4/ipv6; Zod 4 `formatMap` (url→uri, guid→uuid, …) keeps other names. OpenAI Structured Outputs lists the nine supported formats (\"'uri' is not a valid format\"); Anthropic's strict mode lists ten (its SDK's transform-json-schema.js SUPPORTED_STRING_FORMATS moves any other into the description); Gemini's legacy schema supports only `enum` and `date-time` (\"only 'enum' and 'date-time' are supported for STRING type\", google-gemini/gemini-cli#3178). On a number: Anthropic's transform-json-schema.js reads `format` only in its `type === 'string'` branch, so any other format stays behind and is moved into the description; toolwright's OpenAI strict conversion (src/adapters/openai/strict-schema.ts checkFormat) refuses a format outside its list on any node.",
  create: (context) => ({
    node({ node, path }) {
      if (node.kind !== "string" && node.kind !== "number") return;
      const string = node.kind === "string";
      const allowed = (string ? ALLOWED_STRING_FORMATS : ALLOWED_NUMBER_FORMATS)[context.dialect];
      if (allowed === undefined) return;
      const rejected = node.formats.filter((format) => !allowed.includes(format));
      if (rejected.length === 0) return;
      const accepted = allowed.length > 0 ? allowed.join(", ") : "none";
      context.report(
        path,
        `${string ? "String" : "Number"} is emitted with format "${rejected.join('", "')}", which this provider path does not accept${string ? "" : " on a number"} (allowed: ${accepted}). ${adviceFor(node.major, string ? INSTEAD : NUMBER_INSTEAD)}`,
      );
    },
  }),
};
