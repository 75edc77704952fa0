/** `unenforced-keyword`: keywords a provider path accepts but does not enforce. */
import { type Advice, adviceFor } from "../advice.js";
import { emittedKeywords } from "../emitted-keywords.js";
import type { LintRule } from "../rule.js";
import type { LintDialect } from "../types.js";

/** What follows from an unenforced keyword, and what to do, in the words of what was linted. */
const CONSEQUENCE: Advice = {
  zod: "the model may send a value that breaks it, and the toolbox boundary then rejects the call. Use a keyword the path supports, or state the rule in .describe().",
  json: "the model may send a value that breaks it, which the tool must then reject itself. Use a keyword the path supports, or state the rule in the description.",
};

/**
 * The keywords each dialect's provider accepts without enforcing them (the model may send a
 * value that breaks them; the toolbox boundary still rejects it). Other dialects do not run this
 * rule. Names as `emittedKeywords` reports them.
 */
export const UNENFORCED_KEYWORDS: Partial<Readonly<Record<LintDialect, readonly string[]>>> = {
  "gemini-json-schema": [
    "default",
    "const",
    "pattern",
    "minLength/maxLength",
    "contentEncoding",
    "propertyNames",
    "exclusiveMinimum/exclusiveMaximum",
    "multipleOf",
  ],
};

/** Warns where a node's projection carries a keyword the provider will not enforce. */
export const unenforcedKeyword: LintRule = {
  code: "unenforced-keyword",
  severity: "warning",
  description:
    "A keyword the provider accepts without enforcing it. For gemini-json-schema (Google's documented `parametersJsonSchema` keywords): `default`, `const` (z.literal()), `pattern` (.regex(), and Zod 4 string formats, which emit one beside `format`), `minLength`/`maxLength`, `contentEncoding`, `propertyNames` (records), exclusive bounds (.positive(), .gt()) and `multipleOf`.",
  fix: "Nothing breaks: the toolbox boundary still enforces it, and the model may need a retry. To let the provider enforce it, use a supported keyword instead (an inclusive .min() for .positive(), z.enum([...]) for a literal), or state the rule in .describe().",
  evidence:
    "Gemini API reference, FunctionDeclaration.parametersJsonSchema / GenerationConfig.responseJsonSchema: the supported subset is $id, $defs, $ref, $anchor, type, format, title, description, enum (strings and numbers), items, prefixItems, minItems, maxItems, minimum, maximum, anyOf, oneOf (as anyOf), properties, additionalProperties, required, and propertyOrdering; other keywords are accepted and not enforced.",
  create: (context) => ({
    node({ node, path, parent }) {
      const unenforced = UNENFORCED_KEYWORDS[context.dialect];
      if (unenforced === undefined) return;
      // Zod 3 merges a union of literals into one `enum`: its members emit no `const`.
      const merged = parent?.untrackedChildren === true;
      const found = emittedKeywords(node).filter(
        (keyword) => unenforced.includes(keyword) && !(merged && keyword === "const"),
      );
      if (found.length === 0) return;
      context.report(
        path,
        `Emitted with ${found.join(", ")}, which this provider path accepts but does not enforce; ${adviceFor(node.major, CONSEQUENCE)}`,
      );
    },
  }),
};
