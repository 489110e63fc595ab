import { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * One API call, described once for both sides: the web's `call()` sends `request` (the query string of a GET or
 * DELETE, else the JSON body) and parses the envelope's `data` with `response`; the server registers the route
 * with the same schemas. `params` names the path's `:name` segments when it has any.
 */
export type Endpoint<
  Req extends z.ZodType = z.ZodType,
  Res extends z.ZodType = z.ZodType,
  Params extends z.ZodType | undefined = z.ZodType | undefined,
> = {
  method: HttpMethod;
  path: string;
  request: Req;
  response: Res;
  params?: Params;
  /** One line for the OpenAPI document. */
  summary: string;
};

export function endpoint<
  Req extends z.ZodType,
  Res extends z.ZodType,
  Params extends z.ZodType | undefined = undefined,
>(descriptor: Endpoint<Req, Res, Params>): Endpoint<Req, Res, Params> {
  return descriptor;
}

/**
 * The request of an endpoint that takes nothing (no body, no query): the server declares no schema for it, so a
 * body-less POST stays valid, and the web sends `{}`.
 */
export const noInput = z.object({});

/**
 * The response of an endpoint that answers a file (an image, a workbook) rather than the JSON envelope; the web
 * reads it as a blob, not through `call()`.
 */
export const fileResponse = z.unknown().describe('file bytes');

/** What a caller sends to an endpoint (defaults may be left out). */
export type EndpointInput<E extends Endpoint> = z.input<E['request']>;
/** What an endpoint answers inside the envelope. */
export type EndpointOutput<E extends Endpoint> = z.output<E['response']>;
