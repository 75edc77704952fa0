// In a project without zod-to-json-schema: a Zod 3 tool still parses, and projecting it
// fails with a SchemaProjectionError that names the package. Prints what it found as JSON.
import { defineTool, projectParameters, SchemaProjectionError, toolbox } from "toolwright";
import { z } from "zod/v3";

const forecast = defineTool({
  description: "Forecast",
  parameters: { city: z.string() },
  execute: ({ city }) => city,
});
let projection;
try {
  projectParameters("forecast", forecast.parameters);
  projection = "projected";
} catch (error) {
  projection = {
    name: error.name,
    isProjectionError: error instanceof SchemaProjectionError,
    message: error.message,
  };
}
const call = await toolbox("weather", "Weather", { forecast }).execute("forecast", {
  city: "Oslo",
});
process.stdout.write(JSON.stringify({ call, projection }));
