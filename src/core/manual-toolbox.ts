/**
 * `ManualToolbox`: built-in tools that let a model list a manual's sections and read
 * one, for manuals too long to put in every prompt.
 *
 * @module
 */
import { schemaBuilders } from "../zod/builders";
import { isInstance } from "./brand";
import type { Manual } from "./manual";
import { defineTool, type ToolDefinition } from "./tool-definition";
import { Toolbox } from "./toolbox";

// Built on first use, not at import (the package has no side effects), then shared.
function resultSchemas() {
  const z = schemaBuilders();
  const SectionList = z.object({
    manual: z.string().describe("The manual's name"),
    sections: z
      .array(z.string().describe("A section title"))
      .describe("The section titles, in reading order"),
  });

  const SectionText = z.object({
    title: z.string().describe("The section's title"),
    content: z.string().describe("The section's full text"),
  });
  return { SectionList, SectionText };
}

let results: ReturnType<typeof resultSchemas> | undefined;

/**
 * A toolbox over one manual with two tools, named after the manual so that several
 * manuals can share one namespace: `list_<manual>_sections` and `read_<manual>_section`
 * (the manual's name in snake_case).
 *
 * @example
 * ```ts
 * const docs = new ManualToolbox(new TextManual("billing", "# Refunds\n..."));
 * await docs.execute("read_billing_section", { title: "Refunds" });
 * ```
 */
export class ManualToolbox extends Toolbox {
  /** `instanceof` that holds across copies of toolwright (see `brand.ts`). */
  static override [Symbol.hasInstance](value: unknown): boolean {
    // biome-ignore lint/complexity/noThisInStatic: which class asks decides: a subclass may
    return isInstance(this, value, "ManualToolbox");
  }

  /** The mark every copy of toolwright gives a `ManualToolbox` (see `brand.ts`). */
  get "~toolwright.ManualToolbox"(): true {
    return true;
  }

  readonly name: string;
  readonly description: string;
  readonly tools: Readonly<Record<string, ToolDefinition>>;
  readonly manual: Manual;

  constructor(manual: Manual) {
    super();
    const slug = snakeCase(manual.name);
    this.manual = manual;
    this.name = `${slug}_manual`;
    this.description = `Read the ${manual.name} manual: ${manual.description}`;
    this.tools = {
      [`list_${slug}_sections`]: listSections(manual),
      [`read_${slug}_section`]: readSection(manual, `list_${slug}_sections`),
    };
  }
}

function listSections(manual: Manual): ToolDefinition {
  const z = schemaBuilders();
  results ??= resultSchemas();
  return defineTool({
    description: `List the section titles of the ${manual.name} manual (${manual.description}).`,
    parameters: z.object({}),
    returns: results.SectionList,
    annotations: { readOnly: true, idempotent: true },
    execute: () => ({ manual: manual.name, sections: manual.sections().map((s) => s.title) }),
  });
}

function readSection(manual: Manual, listTool: string): ToolDefinition {
  const z = schemaBuilders();
  results ??= resultSchemas();
  return defineTool({
    description: `Read one section of the ${manual.name} manual by its title.`,
    parameters: z.object({
      title: z.string().describe(`A section title, as ${listTool} lists them`),
    }),
    returns: results.SectionText,
    annotations: { readOnly: true, idempotent: true },
    execute: ({ title }) => {
      const sections = manual.sections();
      const wanted = title.trim().toLowerCase();
      const found = sections.find((section) => section.title.toLowerCase() === wanted);
      if (found === undefined) {
        const titles = sections.map((section) => `'${section.title}'`).join(", ");
        throw new Error(`the ${manual.name} manual has no section '${title}'; sections: ${titles}`);
      }
      return found;
    },
  });
}

function snakeCase(name: string): string {
  return (
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "_")
      .replace(/^_+|_+$/g, "") || "manual"
  );
}
