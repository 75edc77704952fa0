/**
 * Issue 13, item 5: each dialect against the provider path it describes, over the corpus of
 * realistic tool schemas: no false negative, at most 2% false positives, per dialect and level;
 * the table in lint/README.md is the one tools/dialect-evidence.ts prints; and, when the Node 22
 * leg is installed, the same holds against its newer SDK majors.
 */

import { readFileSync } from "node:fs";
import { join } from "node:path";
import { LINT_DIALECT_NAMES } from "toolwright/lint";
import { beforeAll, describe, expect, it } from "vitest";
import { evidenceTable, hasNode22Leg, runNode22Leg } from "../../tools/dialect-evidence.js";
import { CORPUS, type CorpusInstance, corpusInstances } from "./corpus/index.js";
import { type DialectEvidence, dialectEvidence } from "./evidence/evidence.js";
import { toolRejects } from "./evidence/sample.js";

const README = readFileSync(join(import.meta.dirname, "../../lint/README.md"), "utf8");
const MAX_FALSE_POSITIVES = 0.02;

describe("the corpus", () => {
  const instances = corpusInstances();

  it("holds at least 50 tools, each built with both majors unless a construct has one", () => {
    expect(CORPUS.length).toBeGreaterThanOrEqual(50);
    expect(new Set(CORPUS.map((entry) => entry.name)).size).toBe(CORPUS.length);
    const both = CORPUS.filter((entry) => entry.majors === undefined).length;
    expect(both).toBeGreaterThanOrEqual(50);
    expect(instances.filter((i) => i.major === 3).length).toBeGreaterThanOrEqual(50);
  });

  it.each(instances.map((i) => [i.id, i] as const))("%s: the tool accepts its sample", (_, i) => {
    const refuses = (i.entry.refusesSample ?? []).includes(i.major);
    expect(toolRejects(i.schema, i.entry.sample).length > 0).toBe(refuses);
  });
});

/** The per-dialect bar: no false negative, false positives at most 2% of the units. */
function assertBar(
  results: readonly Pick<
    DialectEvidence,
    "dialect" | "level" | "units" | "falsePositives" | "falseNegatives"
  >[],
): void {
  for (const result of results) {
    const label = `${result.dialect} (${result.level})`;
    expect(result.falseNegatives, label).toBe(0);
    expect(result.falsePositives / result.units, label).toBeLessThanOrEqual(MAX_FALSE_POSITIVES);
  }
}

describe("the evidence", () => {
  let instances: CorpusInstance[];
  let results: DialectEvidence[];
  beforeAll(async () => {
    instances = corpusInstances();
    results = await dialectEvidence(instances);
  }, 120_000);

  it("covers every dialect, and the unenforced warnings of gemini-json-schema", () => {
    expect(results.map((r) => `${r.dialect} ${r.level}`)).toEqual([
      ...LINT_DIALECT_NAMES.map((d) => `${d} error`).slice(0, 8),
      "gemini-json-schema warning",
      "mcp error",
    ]);
  });

  it("has no false negative and at most 2% false positives per dialect", () => {
    const disagreements = results.flatMap((r) =>
      r.disagreements.map((d) => `${r.dialect}: ${d.kind} ${d.instance} ${d.unit}`),
    );
    expect(disagreements.filter((d) => d.includes("false negative"))).toEqual([]);
    assertBar(results);
  });

  it("is exercised: every oracle flags something somewhere in the corpus", () => {
    for (const result of results) expect(result.flagged, result.dialect).toBeGreaterThan(0);
  });

  it("is the table lint/README.md keeps (as the formatter pads it)", () => {
    const squeeze = (line: string) => line.replace(/ +/g, " ").replace(/-{3,}/g, "---");
    const kept = new Set(README.split("\n").map(squeeze));
    for (const line of evidenceTable(results, instances.length)) {
      expect(kept.has(squeeze(line)), line).toBe(true);
    }
  });
});

describe.runIf(hasNode22Leg())("the evidence under the Node 22 leg (newer SDK majors)", () => {
  it("has no false negative and at most 2% false positives per dialect", async () => {
    const printed = await runNode22Leg();
    expect(printed).toMatch(/^Node 22\./);
    const rows = [
      ...printed.matchAll(
        /^\| `([a-z0-9-]+)` \| (error|warning) \| (\d+) \| \d+ \| \d+ \| (\d+) \| (\d+) \|$/gm,
      ),
    ];
    expect(rows).toHaveLength(10);
    assertBar(
      rows.map(([, dialect, level, units, fp, fn]) => ({
        dialect: dialect as DialectEvidence["dialect"],
        level: level as DialectEvidence["level"],
        units: Number(units),
        falsePositives: Number(fp),
        falseNegatives: Number(fn),
      })),
    );
  }, 300_000);
});
