// Validates an OpenAPI document (a JSON file named on the command line) against the specification's own
// JSON Schema for its version, and prints { valid, version, errors } as JSON. Run as its own Node
// process: the validator is an ES module only.
import { readFileSync } from "node:fs";
import { Validator } from "@seriousme/openapi-schema-validator";

const validator = new Validator();
const result = await validator.validate(JSON.parse(readFileSync(process.argv[2], "utf8")));
console.log(JSON.stringify({ valid: result.valid, version: validator.version, errors: result.errors ?? [] }));
