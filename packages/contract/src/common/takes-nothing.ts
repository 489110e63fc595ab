/**
 * Whether an endpoint's request schema is an object without fields (`noInput`): the web then sends no body and no
 * query string, and the server declares no schema, so a body-less POST stays valid. Read from the schema's
 * definition, without importing zod: the web's entry chunk calls it and must not pull zod in.
 */
export function takesNothing(request: unknown): boolean {
  const def = (request as { def?: { type?: string; shape?: object } } | null)?.def;
  return def?.type === 'object' && !!def.shape && Object.keys(def.shape).length === 0;
}
