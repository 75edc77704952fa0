import { Manual, ManualToolbox, TextManual, ToolArgumentsError, Toolbox } from "toolwright";
import { describe, expect, it } from "vitest";
import { rejection } from "./catch";

const BILLING = [
  "How billing works.",
  "",
  "# Refunds",
  "Refunds take five days.",
  "",
  "## Partial refunds ##",
  "Ask a supervisor.",
  "#not-a-heading",
].join("\n");

describe("TextManual", () => {
  it("keeps name and content, and toPrompt() is the content", () => {
    const manual = new TextManual("billing", BILLING, "How to bill");
    expect(manual).toBeInstanceOf(Manual);
    expect(manual.name).toBe("billing");
    expect(manual.content).toBe(BILLING);
    expect(manual.description).toBe("How to bill");
    expect(manual.toPrompt()).toBe(BILLING);
  });

  it("defaults the description to the first non-empty line, heading marks removed", () => {
    expect(new TextManual("m", "\n\n## Getting started\nbody").description).toBe("Getting started");
    expect(new TextManual("m", "Use list_meetings first.").description).toBe(
      "Use list_meetings first.",
    );
    expect(new TextManual("m", "x".repeat(200)).description).toBe("x".repeat(120));
    expect(new TextManual("meetings", "").description).toBe("The meetings manual");
    expect(new TextManual("meetings", "  \n \n").description).toBe("The meetings manual");
  });
});

describe("Manual.sections()", () => {
  it("splits at Markdown headings, text before the first heading being the Overview", () => {
    expect(new TextManual("billing", BILLING).sections()).toStrictEqual([
      { title: "Overview", content: "How billing works." },
      { title: "Refunds", content: "# Refunds\nRefunds take five days." },
      {
        title: "Partial refunds",
        content: "## Partial refunds ##\nAsk a supervisor.\n#not-a-heading",
      },
    ]);
  });

  it("has no Overview when the text starts with a heading", () => {
    expect(new TextManual("m", "# One\na\n###### Six\nb").sections()).toStrictEqual([
      { title: "One", content: "# One\na" },
      { title: "Six", content: "###### Six\nb" },
    ]);
  });

  it("is one Overview section for text without headings, even empty text", () => {
    expect(new TextManual("m", "just text").sections()).toStrictEqual([
      { title: "Overview", content: "just text" },
    ]);
    expect(new TextManual("m", "").sections()).toStrictEqual([{ title: "Overview", content: "" }]);
  });

  it("does not split at a # line inside a fenced code block", () => {
    const text = [
      "# Install",
      "```sh",
      "# fetch the package",
      "npm install toolwright",
      "```",
      "~~~",
      "## not a heading either",
      "~~~",
      "# Use",
      "Call defineTool.",
    ].join("\n");
    expect(new TextManual("m", text).sections().map((section) => section.title)).toStrictEqual([
      "Install",
      "Use",
    ]);
    expect(new TextManual("m", text).sections()[0]?.content).toBe(
      text.split("\n").slice(0, 8).join("\n"),
    );
  });

  it("can be overridden by a Manual subclass", async () => {
    class Remote extends Manual {
      readonly name = "remote";
      readonly description = "From elsewhere";
      toPrompt(): string {
        return "everything";
      }
      override sections() {
        return [{ title: "Only", content: "the only section" }];
      }
    }
    const box = new ManualToolbox(new Remote());
    await expect(box.execute("read_remote_section", { title: "only" })).resolves.toStrictEqual({
      title: "Only",
      content: "the only section",
    });
  });
});

describe("ManualToolbox", () => {
  const manual = new TextManual("Billing FAQ", BILLING, "How to bill");
  const box = new ManualToolbox(manual);

  it("is a Toolbox named after the manual, with a list and a read tool", () => {
    expect(box).toBeInstanceOf(Toolbox);
    expect(box.manual).toBe(manual);
    expect(box.name).toBe("billing_faq_manual");
    expect(box.description).toBe("Read the Billing FAQ manual: How to bill");
    expect(box.getToolNames()).toStrictEqual([
      "list_billing_faq_sections",
      "read_billing_faq_section",
    ]);
  });

  it("lists the section titles", async () => {
    await expect(box.execute("list_billing_faq_sections", {})).resolves.toStrictEqual({
      manual: "Billing FAQ",
      sections: ["Overview", "Refunds", "Partial refunds"],
    });
  });

  it("reads a section by title, ignoring case and surrounding space", async () => {
    await expect(
      box.execute("read_billing_faq_section", { title: "  REFUNDS " }),
    ).resolves.toStrictEqual({ title: "Refunds", content: "# Refunds\nRefunds take five days." });
  });

  it("says which sections there are when asked for an unknown one", async () => {
    const error = await rejection(box.execute("read_billing_faq_section", { title: "Taxes" }));
    expect(error.message).toBe(
      "the Billing FAQ manual has no section 'Taxes'; sections: 'Overview', 'Refunds', 'Partial refunds'",
    );
    expect(error).not.toBeInstanceOf(ToolArgumentsError);
  });

  it("describes every parameter and declares returns for every tool", () => {
    for (const tool of Object.values(box.tools)) expect(tool.returns).toBeDefined();
    const schemas = box.getToolSchemas();
    expect(schemas.map((schema) => schema.returns?.type)).toStrictEqual(["object", "object"]);
    const read = schemas[1];
    expect(read?.parameters.properties).toStrictEqual({
      title: {
        type: "string",
        description: "A section title, as list_billing_faq_sections lists them",
      },
    });
    for (const schema of schemas) {
      const properties = Object.values(
        (schema.parameters.properties ?? {}) as Record<string, { description?: unknown }>,
      );
      for (const property of properties) expect(typeof property.description).toBe("string");
      const returned = Object.values(
        (schema.returns?.properties ?? {}) as Record<string, { description?: unknown }>,
      );
      expect(returned.length).toBe(2);
      for (const property of returned) expect(typeof property.description).toBe("string");
    }
  });

  it("marks its tools read-only and idempotent", () => {
    for (const tool of Object.values(box.tools)) {
      expect(tool.annotations).toStrictEqual({ readOnly: true, idempotent: true });
    }
  });

  it("falls back to 'manual' for a name with no letters or digits", () => {
    expect(new ManualToolbox(new TextManual("!!!", "x")).getToolNames()).toStrictEqual([
      "list_manual_sections",
      "read_manual_section",
    ]);
  });
});
