/**
 * The closed rule registry: one entry per rule code, checked by type so that adding a code to
 * `LINT_RULE_CODES` without a rule (or the reverse) does not compile.
 */
import type { LintRule } from "../rule.js";
import type { LintRuleCode } from "../types.js";
import { emptyObject } from "./empty-object.js";
import { exclusiveNumericBound } from "./exclusive-numeric-bound.js";
import { intersection } from "./intersection.js";
import { maxItems } from "./max-items.js";
import { minItemsAboveOne } from "./min-items-above-one.js";
import { missingDescription } from "./missing-description.js";
import { multipleOf } from "./multiple-of.js";
import { nestingDepth } from "./nesting-depth.js";
import { nonObjectRoot } from "./non-object-root.js";
import { nonStringEnum } from "./non-string-enum.js";
import { numericBound } from "./numeric-bound.js";
import { oneOfUnion } from "./one-of-union.js";
import { openObject } from "./open-object.js";
import { optionalProperty } from "./optional-property.js";
import { optionalWithoutNullable } from "./optional-without-nullable.js";
import { pipeAllOf } from "./pipe-all-of.js";
import { pipeTypeConflict } from "./pipe-type-conflict.js";
import { propertyPathRef } from "./property-path-ref.js";
import { recursiveLazy } from "./recursive-lazy.js";
import { requiredCycle } from "./required-cycle.js";
import { stringFormat } from "./string-format.js";
import { stringLengthBound } from "./string-length-bound.js";
import { tooManyUnionParameters } from "./too-many-union-parameters.js";
import { tuple } from "./tuple.js";
import { unenforcedKeyword } from "./unenforced-keyword.js";
import { unrepresentable } from "./unrepresentable.js";
import { unsupportedKeyword } from "./unsupported-keyword.js";
import { untyped } from "./untyped.js";

/** Every rule, keyed by its code. */
export const RULES = {
  "exclusive-numeric-bound": exclusiveNumericBound,
  "recursive-lazy": recursiveLazy,
  tuple,
  "optional-without-nullable": optionalWithoutNullable,
  "missing-description": missingDescription,
  unrepresentable,
  "open-object": openObject,
  "optional-property": optionalProperty,
  intersection,
  "one-of-union": oneOfUnion,
  "string-format": stringFormat,
  "non-object-root": nonObjectRoot,
  "nesting-depth": nestingDepth,
  "non-string-enum": nonStringEnum,
  "empty-object": emptyObject,
  "multiple-of": multipleOf,
  "numeric-bound": numericBound,
  "string-length-bound": stringLengthBound,
  "max-items": maxItems,
  "min-items-above-one": minItemsAboveOne,
  "too-many-union-parameters": tooManyUnionParameters,
  untyped,
  "property-path-ref": propertyPathRef,
  "pipe-all-of": pipeAllOf,
  "pipe-type-conflict": pipeTypeConflict,
  "required-cycle": requiredCycle,
  "unenforced-keyword": unenforcedKeyword,
  "unsupported-keyword": unsupportedKeyword,
} as const satisfies Readonly<Record<LintRuleCode, LintRule>>;
