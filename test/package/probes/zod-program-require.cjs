// zod-program.cjs as a CommonJS program requires it: `node zod-program-require.cjs <zod specifier>`.
"use strict";

const { runProgram } = require("./zod-program.cjs");

const zod = require(process.argv[2] ?? "zod");
runProgram(require("toolwright"), zod.z ?? zod).then((report) => {
  process.stdout.write(JSON.stringify(report));
});
