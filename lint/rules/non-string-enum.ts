/** `non-string-enum`: enums and literals with non-string values (Gemini legacy schema). */
import type { LintRule } from "../rule.js";

/** Flags z.enum/z.nativeEnum/z.literal whose values include numbers or booleans. */
export const nonStringEnum: LintRule = {
  code: "non-string-enum",
  severity: "error",
  description:
    "An enum or literal with a number, boolean or bigint value: a numeric native enum, z.literal(3), z.literal(true). The OpenAPI 3.0 conversion emits `enum: [values]` on a non-string type.",
  fix: 'Use string values: z.enum(["low", "high"]) or z.literal("3"), and map them after parsing.',
  evidence:
    "zod-to-json-schema openApi3 emits `{ type: \"number\", enum: [1, 2] }` and literals as `enum: [v]`; Zod 4 openapi-3.0 does the same. Gemini: 'function declaration enum only allowed for STRING type'.",
  create: (context) => ({
    node({ node, path }) {
      if (node.kind !== "enum" && node.kind !== "literal") return;
      const bad = (node.enumValues ?? []).filter(
        (value) =>
          typeof value === "number" || typeof value === "boolean" || typeof value === "bigint",
      );
      if (bad.length === 0) return;
      context.report(
        path,
        `${node.kind === "enum" ? "Enum" : "Literal"} has non-string value(s) ${bad.map(String).join(", ")}; this provider path accepts enum values only on string types. Use string values and map them after parsing.`,
      );
    },
  }),
};
