/**
 * Projection parity: over every rule fixture (bad and good, both majors) and every corpus schema,
 * linting the Zod schema and linting toolwright's own projection of it (`projectParameters` on
 * the input side, `projectReturns` on the output side; draft-07, 2020-12 and OpenAPI 3.0) give
 * the same findings (`code path`) under every dialect, `requireDescribe` on. Where they cannot,
 * an exception below names the cases, the findings that differ, and why; a projection the
 * projector refuses must be one the Zod lint reports. An exception that explains nothing fails.
 */
import { projectParameters, projectReturns } from "toolwright";
import { LINT_DIALECT_NAMES, type LintDialect, lintModelFacingSchema } from "toolwright/lint";
import { describe, expect, it } from "vitest";
import { corpusInstances } from "./corpus/index.js";
import { FIXTURES } from "./fixtures.js";
import { MAJORS } from "./helpers.js";

type Side = "input" | "output";
type Target = "draft-07" | "draft-2020-12" | "openapi-3.0";
const TARGETS: readonly Target[] = ["draft-07", "draft-2020-12", "openapi-3.0"];
const SIDES: readonly Side[] = ["input", "output"];

/** Findings the two lints cannot share, for the cases named, with the reason. */
interface Exception {
  readonly why: string;
  /** The cases it covers; every case when absent. */
  readonly cases?: readonly string[];
  readonly sides?: readonly Side[];
  readonly targets?: readonly Target[];
  readonly dialects?: readonly LintDialect[];
  /** `code path` findings only the Zod lint reports. */
  readonly zodOnly?: RegExp;
  /** `code path` findings only the projection's lint reports. */
  readonly jsonOnly?: RegExp;
}

const EXCEPTIONS: readonly Exception[] = [
  {
    why: "Gemini's legacy field is sent the OpenAPI 3.0 projection, never a draft-07 or 2020-12 one: those carry keywords its Schema has no field for (const, a nested $schema, $defs and $ref), which a document sent there as it is would be refused for (unsupported-keyword, JSON Schema only)",
    targets: ["draft-07", "draft-2020-12"],
    dialects: ["gemini"],
    jsonOnly: /^unsupported-keyword \S+$/,
  },
  {
    why: "Zod 4 writes recursion with $defs and $ref even in OpenAPI 3.0, fields the legacy Schema does not have: the projection's lint reports each $ref, the Zod lint the cycle itself (recursive-lazy), and both fail the tool",
    cases: [
      "fixture property-path-ref bad@4",
      "fixture recursive-lazy bad@4",
      "fixture required-cycle bad@4",
      "fixture required-cycle good@4",
      "corpus list_categories@4",
      "corpus query_records@4",
    ],
    targets: ["openapi-3.0"],
    dialects: ["gemini"],
    jsonOnly: /^unsupported-keyword \S+$/,
  },
  {
    why: "Zod 4 writes z.base64() with contentEncoding, an annotation the legacy Schema has no field for: the Gemini adapter leaves it out (and ledgers it), so the Zod schema ships clean while the projection as written would be refused",
    cases: ["corpus upload_attachment@4"],
    targets: ["openapi-3.0"],
    dialects: ["gemini"],
    jsonOnly: /^unsupported-keyword \$\.contentBase64$/,
  },
  {
    why: "A Zod 3 .pipe() is projected as allOf of both sides (a Zod-only fact: the JSON has no pipe): the projection reads as the intersection it is, so pipe-all-of/pipe-type-conflict become intersection (where the dialect runs it), and findings inside the sides move to &0/&1",
    cases: [
      "fixture pipe-all-of bad@3",
      "fixture pipe-type-conflict bad@3",
      "corpus resize_image@3",
      "corpus subscribe_newsletter@3",
    ],
    zodOnly:
      /^(pipe-all-of|pipe-type-conflict|string-format|exclusive-numeric-bound|numeric-bound|unenforced-keyword) \$\.(email|port|width)$/,
    jsonOnly: /^(intersection \$\.(email|port|width)|\S+ \$\.(email|width)&1)$/,
  },
  {
    why: "zod-to-json-schema projects a Zod 3 z.date() as a date-time string: the projection is a faithful-looking string, and only the Zod schema knows it then refuses that string (a Zod-only fact)",
    cases: ["fixture unrepresentable bad@3", "corpus log_time@3"],
    zodOnly: /^unrepresentable \$\.(when|date)$/,
  },
  {
    why: "projectReturns writes {} in place of what JSON Schema cannot carry (a Zod 4 z.date()), so the projection is untyped where the Zod schema is unrepresentable",
    cases: ["fixture unrepresentable bad@4", "corpus log_time@4", "corpus create_reminder@4"],
    sides: ["output"],
    zodOnly: /^unrepresentable \$\.(when|date|at)$/,
    jsonOnly: /^untyped \$\.(when|date|at)$/,
  },
  {
    why: "OpenAPI 3.0 has no positional items: the projection writes a tuple as items: { anyOf } with minItems/maxItems (the tuple rule's own evidence), which is an array with bounds",
    cases: [
      "fixture tuple bad@3",
      "fixture tuple bad@4",
      "corpus reverse_geocode@3",
      "corpus reverse_geocode@4",
    ],
    targets: ["openapi-3.0"],
    zodOnly: /^tuple \$\.(pair|coordinates)$/,
    jsonOnly: /^(max-items|min-items-above-one) \$\.(pair|coordinates)$/,
  },
  {
    why: "OpenAPI 3.0 has no const and no propertyNames: the projection writes a literal as enum: [value] and drops a record's propertyNames, so gemini-json-schema (a 2020-12 dialect) has no unenforced keyword left to warn about",
    cases: [
      "fixture unsupported-keyword bad@3",
      "fixture unsupported-keyword bad@4",
      "fixture non-string-enum bad@3",
      "fixture non-string-enum bad@4",
      "fixture non-string-enum good@3",
      "fixture non-string-enum good@4",
      "fixture one-of-union bad@3",
      "fixture one-of-union bad@4",
      "fixture one-of-union good@3",
      "fixture one-of-union good@4",
      "fixture open-object bad@4",
      "corpus draw_shape@3",
      "corpus draw_shape@4",
      "corpus edit_document@3",
      "corpus edit_document@4",
      "corpus find@4",
      "corpus http_request@4",
      "corpus manage_todo@3",
      "corpus manage_todo@4",
      "corpus schedule_job@3",
      "corpus schedule_job@4",
      "corpus notion_create_page@4",
      "corpus puppeteer_navigate@4",
      "corpus scrape_page@3",
      "corpus scrape_page@4",
      "corpus search_index@4",
    ],
    targets: ["openapi-3.0"],
    dialects: ["gemini-json-schema"],
    zodOnly: /^unenforced-keyword /,
  },
  {
    why: "zod-to-json-schema merges a Zod 3 union of literals into one enum: the non-string values are reported once at the union, not at each member",
    cases: ["corpus find@3"],
    zodOnly: /^non-string-enum \$\.sort\.\*\|[01]$/,
    jsonOnly: /^non-string-enum \$\.sort\.\*$/,
  },
  {
    why: "Zod 4 folds an intersection of plain objects into one object (foldIntersection): the projection has one object where the Zod schema has two sides, so the properties sit at $.query.x, not $.query&i.x",
    cases: ["corpus list_users@4"],
    zodOnly: /^missing-description \$\.query&[01]\.\w+$/,
    jsonOnly: /^missing-description \$\.query\.\w+$/,
  },
];

/** Parameters the projector refuses, and the finding the Zod lint reports for it instead. */
const REFUSED: Readonly<Record<string, string>> = {
  "fixture non-object-root bad@3": "non-object-root",
  "fixture non-object-root bad@4": "non-object-root",
  "corpus manage_todo@3": "non-object-root",
  "corpus manage_todo@4": "non-object-root",
  "fixture unrepresentable bad@4": "unrepresentable",
  "corpus log_time@4": "unrepresentable",
  "corpus create_reminder@4": "unrepresentable",
};

const CASES: ReadonlyArray<readonly [string, unknown]> = [
  ...Object.entries(FIXTURES).flatMap(([code, fixture]) =>
    MAJORS.flatMap(({ z, major }) => [
      [`fixture ${code} bad@${major}`, fixture.bad(z)] as const,
      [`fixture ${code} good@${major}`, fixture.good(z)] as const,
    ]),
  ),
  ...corpusInstances().map((instance) => [`corpus ${instance.id}`, instance.schema] as const),
];

const codes = (schema: unknown, dialect: LintDialect, side: Side): string[] =>
  lintModelFacingSchema(schema, { dialect, side, requireDescribe: true }).map(
    (finding) => `${finding.code} ${finding.path}`,
  );

function project(schema: unknown, side: Side, target: Target): unknown {
  return side === "input"
    ? projectParameters("parity", schema as never, target)
    : projectReturns("parity", schema as never, target);
}

const used = new Set<Exception>();

/** The findings of `found` no exception for this case and place explains. */
function unexplained(
  found: readonly string[],
  which: "zodOnly" | "jsonOnly",
  where: { id: string; side: Side; target: Target; dialect: LintDialect },
): string[] {
  return found.filter((finding) => {
    const exception = EXCEPTIONS.find(
      (e) =>
        (e.cases === undefined || e.cases.includes(where.id)) &&
        (e.sides ?? SIDES).includes(where.side) &&
        (e.targets ?? TARGETS).includes(where.target) &&
        (e.dialects ?? LINT_DIALECT_NAMES).includes(where.dialect) &&
        e[which]?.test(finding) === true,
    );
    if (exception !== undefined) used.add(exception);
    return exception === undefined;
  });
}

const compared = new Map<string, string[]>();

/**
 * Every unexplained difference on one side and target, once: memoized, so that the check that
 * every exception is used sees all of them whichever tests run.
 */
function compare(side: Side, target: Target): string[] {
  const key = `${side} ${target}`;
  const known = compared.get(key);
  if (known !== undefined) return known;
  const differences: string[] = [];
  for (const [id, schema] of CASES) {
    let json: unknown;
    try {
      json = project(schema, side, target);
    } catch (error) {
      // Only parameters are refused (returns degrade to {}), and only what the lint reports.
      expect(side, `${id}: ${String(error)}`).toBe("input");
      const refusedFor = REFUSED[id];
      expect(refusedFor, `${id} is refused: ${String(error)}`).toBeDefined();
      expect(codes(schema, "mcp", side).map((f) => f.split(" ")[0])).toContain(refusedFor);
      continue;
    }
    if (side === "input") expect(REFUSED[id], `${id} projects`).toBeUndefined();
    for (const dialect of LINT_DIALECT_NAMES) {
      const zod = codes(schema, dialect, side);
      const projected = codes(json, dialect, side);
      const where = { id, side, target, dialect };
      const zodOnly = unexplained(
        zod.filter((f) => !projected.includes(f)),
        "zodOnly",
        where,
      );
      const jsonOnly = unexplained(
        projected.filter((f) => !zod.includes(f)),
        "jsonOnly",
        where,
      );
      if (zodOnly.length > 0 || jsonOnly.length > 0)
        differences.push(`${id} ${dialect}: Zod only [${zodOnly}], projection only [${jsonOnly}]`);
    }
  }
  compared.set(key, differences);
  return differences;
}

describe("linting a schema and linting its projection agree", () => {
  it("names only cases that exist", () => {
    const ids = new Set(CASES.map(([id]) => id));
    for (const id of [...EXCEPTIONS.flatMap((e) => e.cases ?? []), ...Object.keys(REFUSED)])
      expect(ids).toContain(id);
  });

  describe.each(SIDES)("%s side", (side) => {
    it.each(TARGETS)("%s", (target) => {
      expect(compare(side, target)).toEqual([]);
    });
  });

  it("uses every exception", () => {
    for (const side of SIDES) for (const target of TARGETS) compare(side, target);
    expect(EXCEPTIONS.filter((exception) => !used.has(exception)).map((e) => e.why)).toEqual([]);
  });
});
