/**
 * Input at the edge: Hono's validator middleware (`@hono/zod-validator`) with one error hook, so
 * every route says what to fix, and its handler reads `c.req.valid(target)`, typed by the schema.
 * `valid` answers in the kit's shape (a 400 `{error: {code, message}}` that names the field); the
 * simulator makes its own with `inputValidator`, in the platform's shape. The schemas are the
 * api/ contracts (zod/mini) or the platform's (zod); both are zod 4.
 */
import { zValidator } from '@hono/zod-validator';
import type { MiddlewareHandler, ValidationTargets } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { z } from 'zod';
import { describeZodError } from '../platform/readers.js';
import type { ErrorCode } from '../api/errors.js';
import { fail } from './http.js';

const JSON_TYPE = /^application\/([\w.-]+\+)?json\s*(;|$)/i;

/** JSON deeper than this is refused before it is parsed: no input of the kit or the platform nests a tenth as deep. */
export const JSON_MAX_DEPTH = 64;

/**
 * Whether a JSON text nests arrays and objects more than `max` deep, by one pass over its
 * characters (strings skipped): parsing and validating a body nested 30,000 deep overflowed the
 * stack (a 500), and a linear look first costs less than either.
 */
export function jsonTooDeep(text: string, max = JSON_MAX_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 92 /* \\ */) i++;
      else if (ch === 34 /* " */) inString = false;
    } else if (ch === 34) inString = true;
    else if (ch === 91 /* [ */ || ch === 123 /* { */) {
      if (++depth > max) return true;
    } else if (ch === 93 /* ] */ || ch === 125 /* } */) depth--;
  }
  return false;
}

/** How a validator refuses: each throws the error its app answers with, with codes of type Code. */
export interface InputRefusals<Code extends string> {
  /** A field is wrong: `message` names it (`take: take is at most 100`). */
  invalid(code: Code | 'invalid_request' | 'json_too_deep', message: string): never;
  /** The body does not parse as JSON. */
  malformed(): never;
  /** A JSON body came with another content type (only where `anyContentType` is off). */
  unsupported(): never;
}

/**
 * A validator factory. A JSON body must come as JSON unless `anyContentType`: Hono's validator
 * would read another content type as `{}` and blame the fields. With `anyContentType` (the
 * platform's calls, whose content type the spec does not show) the body is read as JSON whatever
 * its type says.
 */
export function inputValidator<Code extends string>(refuse: InputRefusals<Code>) {
  return function valid<Target extends keyof ValidationTargets, Schema extends z.core.$ZodType>(
    target: Target,
    schema: Schema,
    code: Code | 'invalid_request' = 'invalid_request',
    { anyContentType = false }: { anyContentType?: boolean } = {},
  ) {
    const inner = zValidator(target, schema, (result) => {
      if (!result.success)
        refuse.invalid(code, describeZodError(result.error as unknown as z.ZodError));
    });
    const outer: MiddlewareHandler = async (c, next) => {
      if (target === 'json' && !JSON_TYPE.test(c.req.header('content-type') ?? '')) {
        if (!anyContentType) refuse.unsupported();
        const headers = new Headers(c.req.raw.headers);
        headers.set('content-type', 'application/json');
        (c.req as { raw: Request }).raw = new Request(c.req.raw, { headers });
      }
      if (target === 'json' && jsonTooDeep(await c.req.text())) {
        refuse.invalid(
          'json_too_deep',
          `The JSON body nests more than ${JSON_MAX_DEPTH} levels deep.`,
        );
      }
      try {
        return await inner(c, next);
      } catch (err) {
        // Hono's validator throws this for a body that is not JSON; the route's own errors pass on.
        if (
          err instanceof HTTPException &&
          err.status === 400 &&
          /Malformed JSON/i.test(err.message)
        )
          refuse.malformed();
        throw err;
      }
    };
    return outer as typeof inner;
  };
}

/** The proxy's validator: refusals in the kit's `{error: {code, message}}` shape. */
export const valid = inputValidator<ErrorCode>({
  invalid: (code, message) => fail(400, code, message),
  malformed: () => fail(400, 'invalid_json', 'The request body must be JSON.'),
  unsupported: () =>
    fail(
      415,
      'unsupported_media_type',
      'Send the body as JSON, with the header Content-Type: application/json.',
    ),
});
