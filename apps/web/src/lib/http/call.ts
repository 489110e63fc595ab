import { takesNothing, type Endpoint, type EndpointInput, type EndpointOutput } from '@console/contract';
import type { HttpClient } from './client';
import type { RequestOptions } from './types';

export type CallOptions = Omit<RequestOptions, 'params'> & {
  /** The values of the path's `:name` segments (an endpoint with `params`, e.g. `/api/roles/:id`). */
  pathParams?: Record<string, string | number>;
};
export type Call = <E extends Endpoint>(
  endpoint: E,
  input: EndpointInput<E>,
  options?: CallOptions,
) => Promise<EndpointOutput<E>>;

/**
 * Calls an endpoint of the contract: `input` travels as the query string of a GET or DELETE, else as the JSON
 * body, and the answer's `data` is parsed with the endpoint's response schema, so a page works with exactly the
 * shape the contract names. Features call the API through `call` (lib/http); none writes paths or parsing again.
 * `:name` segments of the path take `pathParams`. An endpoint that takes nothing (the contract's `noInput`) is called with no body and no query string.
 */
export function createCall(client: HttpClient): Call {
  return async (endpoint, input, { pathParams, ...options } = {}) => {
    const path = endpoint.path.replace(/:(\w+)/g, (segment, name: string) =>
      pathParams && name in pathParams ? encodeURIComponent(String(pathParams[name])) : segment,
    );
    const inQuery = endpoint.method === 'GET' || endpoint.method === 'DELETE';
    const sent = takesNothing(endpoint.request) ? undefined : input;
    const data = await client.request<unknown>(
      endpoint.method,
      path,
      inQuery ? undefined : sent,
      inQuery && sent !== undefined ? { ...options, params: sent as Record<string, unknown> } : options,
    );
    return endpoint.response.parse(data) as EndpointOutput<typeof endpoint>;
  };
}
