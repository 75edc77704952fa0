// zod-program.cjs as an ES module imports it: `node zod-program.mjs <zod specifier>`.
import * as toolwright from "toolwright";
import { runProgram } from "./zod-program.cjs";

const zod = await import(process.argv[2] ?? "zod");
process.stdout.write(JSON.stringify(await runProgram(toolwright, zod.z ?? zod)));
