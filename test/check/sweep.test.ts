import {
  capability,
  definePlay,
  defineTool,
  ManualToolbox,
  playbook,
  TextManual,
  Toolbox,
  type ToolDefinition,
  toolbox,
} from "toolwright";
import { type SweepFinding, sweepModelFacingSchemas } from "toolwright/check";
import { lintModelFacingSchema } from "toolwright/lint";
import { describe, expect, it } from "vitest";
import { z as zod4 } from "zod";
import { z as zod3 } from "zod/v3";

type Z = typeof zod4;
const majors = [
  { major: "zod", z: zod4 },
  { major: "zod/v3", z: zod3 as unknown as Z },
] as const;

const summary = (findings: readonly SweepFinding[]) =>
  findings.map(
    (finding) => `${finding.label} [${finding.code}] ${finding.severity} ${finding.path}`,
  );

describe.each(majors)("sweepModelFacingSchemas with $major", ({ z }) => {
  // A hand-written tool literal; schemas are `unknown` so that broken ones can be built too.
  const tool = (parameters: unknown, returns?: unknown) =>
    ({
      description: "A tool",
      parameters,
      ...(returns !== undefined && { returns }),
      execute: () => null,
    }) as unknown as ToolDefinition;
  const described = () => z.object({ q: z.string().describe("The query") });
  const bounded = () => z.object({ n: z.number().positive().describe("A count") });

  it("finds a toolbox from a second copy of the package by its shape, not instanceof", () => {
    const copy = {
      name: "copied",
      description: "Built by another copy of toolwright",
      tools: { bounded_tool: tool(bounded()) },
      execute: async () => null,
    };
    expect(copy instanceof Toolbox).toBe(false);
    const report = sweepModelFacingSchemas({ copy });
    expect(summary(report.findings)).toEqual([
      "copied / bounded_tool.parameters [exclusive-numeric-bound] error $.n",
    ]);
    expect(report.schemasChecked).toBe(1);
  });

  it("finds capabilities, playbooks and manuals held by plain objects, and labels agent / capability / tool", () => {
    const fakeCapability = {
      name: "fake",
      toolbox: { name: "fake-tools", tools: { a: tool(bounded()) } },
      playbook: { name: "fake-plays", plays: { p: tool(described(), bounded()) } },
      manual: { name: "fake manual", description: "How to", toPrompt: () => "# One\ntext" },
    };
    const report = sweepModelFacingSchemas({
      agent: { name: "bot", capabilities: [fakeCapability] },
    });
    expect(summary(report.findings)).toEqual([
      "bot / fake / a.parameters [exclusive-numeric-bound] error $.n",
      "bot / fake / p.returns [exclusive-numeric-bound] error $.n",
    ]);
    expect(report.findings[1]).toMatchObject({
      kind: "play",
      owner: "fake-plays",
      schema: "returns",
    });
    // a.parameters, p.parameters, p.returns, and the manual's two tools (parameters + returns each)
    expect(report.schemasChecked).toBe(7);
    expect(report.toolsChecked).toBe(4);
  });

  it("sweeps real toolboxes, playbooks and capabilities, and bare tools by export name", () => {
    const box = toolbox("box", "Tools", {
      ok: defineTool({ description: "Ok", parameters: described(), execute: () => 1 }),
    });
    const book = playbook("book", "Plays", {
      bad_play: definePlay({
        description: "Bad",
        parameters: bounded(),
        returns: described(),
        execute: () => ({ q: "" }),
      }),
    });
    const loose = defineTool({ description: "Loose", parameters: bounded(), execute: () => 1 });
    const report = sweepModelFacingSchemas([
      { name: "box", value: box },
      { name: "book", value: book, source: "src/plays.ts" },
      { name: "looseTool", value: loose, source: "src/loose.ts" },
    ]);
    expect(summary(report.findings)).toEqual([
      "book / bad_play.parameters [exclusive-numeric-bound] error $.n",
      "looseTool.parameters [exclusive-numeric-bound] error $.n",
    ]);
    expect(report.findings.map((finding) => finding.source)).toEqual([
      "src/plays.ts",
      "src/loose.ts",
    ]);
  });

  it("reports each tool once, under its most specific label, however often it is reachable", () => {
    const shared = defineTool({ description: "Shared", parameters: bounded(), execute: () => 1 });
    const box = toolbox("box", "Tools", { shared });
    const cap = capability({ name: "cap", description: "Cap", toolbox: box });
    const report = sweepModelFacingSchemas({
      shared,
      box,
      cap,
      list: [cap, box],
      agent: { name: "agent", capabilities: [cap] },
    });
    expect(summary(report.findings)).toEqual([
      "agent / cap / shared.parameters [exclusive-numeric-bound] error $.n",
    ]);
  });

  it("stops on a circular capability graph and still sweeps every capability in it", () => {
    const a = capability({
      name: "a",
      description: "A",
      toolbox: toolbox("a", "A", { ta: tool(bounded()) }),
    });
    const b = capability({
      name: "b",
      description: "B",
      toolbox: toolbox("b", "B", { tb: tool(described()) }),
    });
    const outer: { name: string; capabilities: unknown[] } = { name: "outer", capabilities: [a] };
    const inner = { name: "inner", capabilities: [outer, b] };
    outer.capabilities.push(inner, outer);
    const registry: Record<string, unknown> = { outer };
    registry.self = registry;
    const report = sweepModelFacingSchemas(registry);
    expect(summary(report.findings)).toEqual([
      "outer / a / ta.parameters [exclusive-numeric-bound] error $.n",
    ]);
    expect(report.toolsChecked).toBe(2);
  });

  it("turns a schema getter that throws into a finding for that tool and sweeps on", () => {
    const exploding = {
      description: "Explodes",
      get parameters(): never {
        throw new Error("schema not ready");
      },
      execute: () => null,
    };
    const box = toolbox("box", "Tools", { exploding, after: tool(bounded()) } as never);
    const report = sweepModelFacingSchemas({ box });
    expect(summary(report.findings)).toEqual([
      "box / exploding.parameters [schema-unreadable] error $",
      "box / after.parameters [exclusive-numeric-bound] error $.n",
    ]);
    expect(report.findings[0]?.message).toBe("reading parameters threw: schema not ready");
  });

  it("turns a value that is not a schema (the linter's TypeError) into a finding", () => {
    const box = toolbox("box", "Tools", {
      json: tool({ type: "object", properties: {} }),
      missing: { description: "No parameters", execute: () => null } as never,
    } as never);
    const report = sweepModelFacingSchemas({ box });
    expect(summary(report.findings)).toEqual([
      "box / json.parameters [not-a-schema] error $",
      "box / missing.parameters [not-a-schema] error $",
    ]);
    expect(report.findings[0]?.message).toMatch(
      /^parameters is an object with keys \[type, properties\]; declare it as a Zod schema/,
    );
  });

  it("reports parameters that do not project to an object schema, an empty {} included", () => {
    const box = toolbox("box", "Tools", { text: tool(z.string()), anything: tool(z.any()) });
    const report = sweepModelFacingSchemas({ box });
    expect(summary(report.findings)).toEqual([
      "box / text.parameters [parameters-not-object] error $",
      "box / anything.parameters [parameters-not-object] error $",
    ]);
    expect(report.findings[1]?.message).toContain("projected to an empty schema {}");
  });

  it("reports two tools or plays of one capability set that share a name, naming both owners", () => {
    const first = capability({
      name: "first",
      description: "1",
      toolbox: toolbox("tb1", "1", { search: tool(described()) }),
    });
    const second = capability({
      name: "second",
      description: "2",
      toolbox: toolbox("tb2", "2", { search: tool(described()) }),
      playbook: playbook("pb2", "2", { lookup: tool(described()) as never }),
    });
    const third = capability({
      name: "third",
      description: "3",
      toolbox: toolbox("tb3", "3", { lookup: tool(described()) }),
    });
    const report = sweepModelFacingSchemas({
      agent: { name: "bot", capabilities: [first, second, third] },
    });
    expect(summary(report.findings)).toEqual([
      "bot / second / search [duplicate-name] error $",
      "bot / third / lookup [duplicate-name] error $",
    ]);
    expect(report.findings[0]?.message).toBe(
      "tool 'search' of capability 'second', toolbox 'tb2' has the same name as tool 'search' of capability 'first', toolbox 'tb1'; a host serves every tool and play of a capability set in one namespace, so rename one",
    );
    expect(report.findings[1]?.message).toContain(
      "play 'lookup' of capability 'second', playbook 'pb2'",
    );
  });

  it("does not compare names across separate agents or separately exported capabilities", () => {
    const make = (name: string) =>
      capability({
        name,
        description: name,
        toolbox: toolbox(name, name, { search: tool(described()) }),
      });
    const report = sweepModelFacingSchemas({
      a: { name: "a", capabilities: [make("x")] },
      b: { name: "b", capabilities: [make("y")] },
      pair: { before: make("m"), after: make("m") },
    });
    expect(report.findings).toEqual([]);
  });

  it("treats an exported array of capabilities as one capability set", () => {
    const make = (name: string) =>
      capability({
        name,
        description: name,
        toolbox: toolbox(name, name, { search: tool(described()) }),
      });
    const report = sweepModelFacingSchemas({ capabilities: [make("x"), make("y")] });
    expect(summary(report.findings)).toEqual([
      "capabilities / y / search [duplicate-name] error $",
    ]);
  });

  it("includes a capability's manual tools, and flags a tool that collides with them", () => {
    const manual = new TextManual("guide", "# A\nText");
    const clash = toolbox("clash", "Clash", { read_guide_section: tool(described()) });
    const report = sweepModelFacingSchemas({
      cap: capability({ name: "cap", description: "Cap", toolbox: clash, manual }),
      docs: capability({
        name: "docs",
        description: "Docs",
        toolbox: new ManualToolbox(manual),
        manual,
      }),
    });
    expect(summary(report.findings)).toEqual(["cap / read_guide_section [duplicate-name] error $"]);
    // clash (1 tool) + the manual's 2 tools; docs' toolbox is the manual's own: not doubled
    expect(report.toolsChecked).toBe(5);
  });

  it("lints under every requested dialect and with requireDescribe", () => {
    const box = toolbox("box", "Tools", {
      t: tool(z.object({ n: z.number().positive().describe("n"), note: z.string().optional() })),
    });
    const report = sweepModelFacingSchemas(
      { box },
      { dialects: ["gemini-bifrost", "openai"], requireDescribe: true },
    );
    const expected = (["gemini-bifrost", "openai"] as const).flatMap((dialect) =>
      lintModelFacingSchema(box.tools.t?.parameters, { dialect, requireDescribe: true }).map(
        (finding) =>
          `box / t.parameters [${finding.code}] ${finding.severity} ${finding.path} ${dialect}`,
      ),
    );
    expect(
      report.findings.map((f) => `${f.label} [${f.code}] ${f.severity} ${f.path} ${f.dialect}`),
    ).toEqual(expected);
    expect(expected.length).toBeGreaterThanOrEqual(3);
    expect(report.dialects).toEqual(["gemini-bifrost", "openai"]);
    expect(report.warningCount).toBe(
      report.findings.filter((f) => f.severity === "warning").length,
    );
  });

  it("sweeps a 1,000-tool module and lists every schema through onSchema", () => {
    const tools: Record<string, unknown> = {};
    for (let i = 0; i < 1000; i += 1) {
      tools[`tool_${i}`] = tool(
        z.object({ [`field_${i}`]: z.string().describe("A field") }),
        z.object({ ok: z.boolean().describe("Whether it worked") }),
      );
    }
    tools.tool_999 = tool(bounded());
    const listed: string[] = [];
    const started = performance.now();
    const report = sweepModelFacingSchemas(
      { big: toolbox("big", "Many tools", tools as never) },
      {
        dialects: ["gemini-bifrost", "openai-strict"],
        requireDescribe: true,
        onSchema: (s) => listed.push(s.label),
      },
    );
    expect(performance.now() - started).toBeLessThan(15_000);
    expect(report.toolsChecked).toBe(1000);
    expect(report.schemasChecked).toBe(1999);
    expect(listed).toHaveLength(1999);
    expect(listed[0]).toBe("big / tool_0.parameters");
    expect(summary(report.findings.filter((f) => f.dialect === "gemini-bifrost"))).toEqual([
      "big / tool_999.parameters [exclusive-numeric-bound] error $.n",
    ]);
  });
});

describe("sweepModelFacingSchemas with Zod 4 only constructs", () => {
  it("reports a schema the converter cannot project", () => {
    const box = toolbox("box", "Tools", {
      when: {
        description: "When",
        parameters: zod4.object({ at: zod4.date().describe("A date") }),
        execute: () => null,
      },
    });
    const report = sweepModelFacingSchemas({ box });
    expect(summary(report.findings)).toContainEqual(
      "box / when.parameters [projection-failed] error $",
    );
  });

  it("finds nothing in values that hold no toolwright objects", () => {
    const report = sweepModelFacingSchemas({
      n: 1,
      s: "x",
      f: () => 1,
      schema: zod4.string(),
      nested: { a: [1, 2] },
    });
    expect(report).toMatchObject({ findings: [], schemasChecked: 0, toolsChecked: 0 });
  });
});
