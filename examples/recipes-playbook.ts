/**
 * A playbook of plays, written with Zod 3 (`zod/v3`) to show both majors work.
 * `Playbook.execute` never rejects: every failure comes back as `{ error }`.
 *
 * Run: npx tsx examples/recipes-playbook.ts
 */

import { definePlay, type Playbook, playbook } from "toolwright";
import { z } from "zod/v3";
import { runIfMain } from "./run-if-main";

const DAY_MS = 86_400_000;

export const recipes = playbook("recipes", "Named multi-step recipes", {
  slug_and_span: definePlay({
    description: "Slugify a title and report how many days until a target date.",
    parameters: z.object({
      title: z.string().describe("The title to slugify"),
      from: z.string().describe("ISO date to count from"),
      to: z.string().describe("ISO date to count to"),
    }),
    returns: z.object({
      slug: z.string().describe("The title in lower-case words joined by hyphens"),
      days: z.number().describe("Whole days from `from` to `to`"),
    }),
    execute: async ({ title, from, to }) => {
      const slug = title
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, "-")
        .replace(/^-|-$/g, "");
      const days = Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS);
      return { slug, days };
    },
  }),
});

runIfMain(import.meta.url, async () => {
  const args = { title: "Quarterly Planning!", from: "2026-11-29", to: "2026-12-01" };
  console.log(JSON.stringify(await recipes.execute("slug_and_span", args)));
  // A host passes on whatever the model sent, through the untyped `Playbook` view.
  const host: Playbook = recipes;
  console.log(JSON.stringify(await host.execute("slug_and_span", { title: 42 })));
});
