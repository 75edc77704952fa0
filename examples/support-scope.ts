/**
 * A tool that reads the run scope: who the run acts for. The agent declares a
 * `SessionScope`; each run binds it and passes it as `ctx.host.scope`.
 *
 * Run: npx tsx examples/support-scope.ts
 */

import {
  capability,
  defineTool,
  requireScope,
  type ScopeOf,
  SessionScope,
  type ToolExecutionContext,
  toolbox,
} from "toolwright";
import { z } from "zod";
import { runIfMain } from "./run-if-main";

const Tier = z.enum(["free", "pro", "enterprise"]);

export const supportScope = new SessionScope(
  {
    operator: { label: "Operator", schema: z.string().min(1), default: "anonymous" },
    tier: { label: "Tier", schema: Tier, default: "free" },
  },
  { enterprise: { tier: "enterprise" } },
);

export const whoami = defineTool({
  description: "Who this run is acting on behalf of.",
  parameters: z.object({}),
  returns: z.object({
    operator: z.string().describe("The operator's id"),
    tier: Tier.describe("The operator's plan"),
  }),
  annotations: { readOnly: true },
  execute: async (_args, ctx?: ToolExecutionContext) => {
    const scope = requireScope<ScopeOf<typeof supportScope>>(ctx);
    return { operator: scope.operator, tier: scope.tier };
  },
});

export const support = capability({
  name: "support",
  description: "Support-desk identity",
  toolbox: toolbox("support", "Support-desk tools", { whoami }),
});

runIfMain(import.meta.url, async () => {
  const scope = supportScope.bind({ operator: "ada" }, "enterprise");
  console.log(JSON.stringify(await support.toolbox.execute("whoami", {}, { host: { scope } })));
  await support.toolbox.execute("whoami", {}).catch((error: Error) => console.log(error.message));
});
