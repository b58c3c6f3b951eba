import type { FastifySchemaCompiler } from "fastify";
import { validatorCompiler as zodValidatorCompiler } from "fastify-type-provider-zod";
import type { ZodType } from "zod";
import { AppError } from "./app-error.ts";
import { CONTROL_CHARACTER_MESSAGE, findControlCharacters } from "./control-characters.ts";

const partPrefix: Record<string, string> = { body: "body", querystring: "query", params: "params", headers: "headers" };

/**
 * The zod validator every route uses, with one rule no route has to remember: no control characters in
 * any text (lib/control-characters.ts). The refusal is the contract's VALIDATION_ERROR naming each field.
 */
export const validatorCompiler: FastifySchemaCompiler<ZodType> = (route) => {
  const validate = zodValidatorCompiler(route);
  const prefix = partPrefix[route.httpPart ?? "body"] ?? "body";
  return (data) => {
    // Node refuses control characters in header values itself; headers also carry opaque tokens.
    if (prefix !== "headers") {
      const paths = findControlCharacters(data);
      if (paths.length > 0) {
        const fields = paths.map((path) => ({ field: [prefix, path].filter(Boolean).join("."), message: CONTROL_CHARACTER_MESSAGE }));
        const error = new AppError("VALIDATION_ERROR", `Invalid input: ${fields.map((f) => f.field).join(", ")}`, { fields });
        return { error };
      }
    }
    return validate(data);
  };
};
