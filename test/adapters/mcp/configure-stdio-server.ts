/**
 * `serveStdio` with `server.configure` adding a resource and a prompt, for the
 * configure tests. Usage: tsx test/adapters/mcp/configure-stdio-server.ts [throw]
 *   throw: a configure that throws, to see serveStdio reject with a named error.
 */
import { serveStdio } from "toolwright/mcp";
import { addResourceAndPrompt, echoTools } from "./configure-fixture";

const throws = process.argv[2] === "throw";
try {
  await serveStdio({
    name: "configured",
    version: "1.0.0",
    tools: echoTools(),
    server: {
      configure: throws
        ? () => {
            throw new Error("no prompts today");
          }
        : addResourceAndPrompt,
    },
  });
} catch (error) {
  const { name, message } = error as Error;
  process.stderr.write(`${JSON.stringify({ name, message })}\n`);
  process.exit(3);
}
