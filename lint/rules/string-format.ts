/** `string-format`: string formats outside what the dialect's provider accepts. */
import { type Advice, adviceFor } from "../advice.js";
import type { LintRule } from "../rule.js";
import type { LintDialect } from "../types.js";

/** What to do instead of a format the path refuses. */
const INSTEAD: Advice = {
  zod: "Remove the format check and describe the form in .describe(), or validate it after parsing.",
  json: "Remove the format keyword and describe the form in the description, or validate it when the tool runs.",
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

/** Flags a string whose emitted `format` the provider does not accept. */
export const stringFormat: LintRule = {
  code: "string-format",
  severity: "error",
  description:
    'A string whose converter output carries a `format` the provider rejects. openai-strict accepts date-time, time, date, duration, email, hostname, ipv4, ipv6, uuid; anthropic-strict those and uri; gemini accepts date-time (and enum). E.g. .url() is emitted as `format: "uri"`; Zod 4 z.cuid()/z.base64() and .startsWith()/.lowercase() emit their own names.',
  fix: "Drop the format check and describe the expected form in .describe(), or use .regex() (emitted as `pattern`) where the provider supports patterns.",
  evidence:
    "zod-to-json-schema src/parsers/string.ts maps url→uri, email, uuid, datetime→date-time, date, time, duration, ip→ipv4/ipv6; Zod 4 `formatMap` (url→uri, guid→uuid, …) keeps other names. OpenAI Structured Outputs lists the nine supported formats (\"'uri' is not a valid format\"); Anthropic's strict mode lists ten (its SDK's transform-json-schema.js SUPPORTED_STRING_FORMATS moves any other into the description); Gemini's legacy schema supports only `enum` and `date-time` (\"only 'enum' and 'date-time' are supported for STRING type\", google-gemini/gemini-cli#3178).",
  create: (context) => ({
    node({ node, path }) {
      const allowed = ALLOWED_STRING_FORMATS[context.dialect];
      if (node.kind !== "string" || allowed === undefined) return;
      const rejected = node.formats.filter((format) => !allowed.includes(format));
      if (rejected.length === 0) return;
      context.report(
        path,
        `String is emitted with format "${rejected.join('", "')}", which this provider path does not accept (allowed: ${allowed.join(", ")}). ${adviceFor(node.major, INSTEAD)}`,
      );
    },
  }),
};
