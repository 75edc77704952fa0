// Both Zod majors: tools/type-tests.ts runs this file again with zod/v3.
import { expectAssignable, expectError, expectNotAssignable, expectType } from "tsd";
import { z } from "zod";
import {
  type ApprovalRequest,
  type ContractTarget,
  capability,
  defineTool,
  type ToolContract,
  toolbox,
  toolSet,
} from "..";

const weather = capability({
  name: "weather",
  description: "Weather",
  toolbox: toolbox("weather", "Weather tools", {
    forecast: defineTool({
      description: "Forecast",
      parameters: z.object({ city: z.string() }),
      execute: ({ city }) => city,
    }),
  }),
});
const tools = toolSet([weather], { approvalContract: "breaking" });

// The fingerprint and the contract, for the targets of `toolwright check --target`.
expectType<Promise<string>>(tools.fingerprint());
expectType<Promise<string>>(tools.fingerprint("mcp"));
expectType<ToolContract[]>(tools.contract("openai-strict"));
expectError(tools.fingerprint("claude"));
expectAssignable<ContractTarget>("toolwright");
expectNotAssignable<ContractTarget>("claude");

// A contract's parts, and the contract an approval request may record.
declare const contract: ToolContract;
expectType<string>(contract.name);
expectType<string>(contract.description);
expectType<unknown>(contract.parameters);
declare const request: ApprovalRequest;
expectType<ToolContract | undefined>(request.contract);

// The option takes its two checks, nothing else.
toolSet([weather], { approvalContract: "any" });
expectError(toolSet([weather], { approvalContract: true }));
expectError(toolSet([weather], { approvalContract: "compatible" }));
