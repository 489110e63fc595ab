import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * One API call, described once for both sides: the web's `call()` sends `request` (the query string of a GET or
 * DELETE, else the JSON body) and parses the envelope's `data` with `response`; the server registers the route
 * with the same schemas.
 */
export type Endpoint<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType> = {
  method: HttpMethod;
  path: string;
  request: Req;
  response: Res;
  /** One line for the OpenAPI document. */
  summary: string;
};

export function endpoint<Req extends z.ZodType, Res extends z.ZodType>(
  descriptor: Endpoint<Req, Res>,
): Endpoint<Req, Res> {
  return descriptor;
}

/** What a caller sends to an endpoint (defaults may be left out). */
export type EndpointInput<E extends Endpoint> = z.input<E['request']>;
/** What an endpoint answers inside the envelope. */
export type EndpointOutput<E extends Endpoint> = z.output<E['response']>;
