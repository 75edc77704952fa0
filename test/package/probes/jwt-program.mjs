// jwt-program.cjs as an ES module imports it: `node jwt-program.mjs <mode>`.
import * as mcp from "toolwright/mcp";
import { runJwtProgram } from "./jwt-program.cjs";

process.stdout.write(JSON.stringify(await runJwtProgram(mcp, process.argv[2])));
