import { endpoint } from '@console/contract';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createCall } from './call';
import { createHttpClient } from './client';
import { fakeAdapter, fakeDeps, ok } from './testing';

const lookUp = endpoint({
  method: 'GET',
  path: '/tec/things/detail',
  request: z.object({ storeCode: z.string(), no: z.string() }),
  response: z.object({ no: z.string(), cents: z.number().int() }),
  summary: 'one thing',
});
const search = endpoint({
  method: 'POST',
  path: '/tec/things/list',
  request: z.object({ storeCode: z.string(), pageNum: z.number().default(1) }),
  response: z.object({ list: z.array(z.string()) }),
  summary: 'things',
});

function setup(data: unknown) {
  const fake = fakeAdapter(() => ok(data));
  return { calls: fake.calls, call: createCall(createHttpClient(fakeDeps(), fake.adapter)) };
}

describe('call', () => {
  it('sends a GET input as the query string and parses the answer', async () => {
    const { call, calls } = setup({ no: 'A1', cents: 1200, extra: 'dropped' });
    await expect(call(lookUp, { storeCode: 'S1', no: 'A1' })).resolves.toEqual({ no: 'A1', cents: 1200 });
    expect(calls[0]).toMatchObject({
      method: 'get',
      url: '/tec/things/detail',
      params: { storeCode: 'S1', no: 'A1' },
    });
    expect(calls[0]?.data).toBeUndefined();
  });

  it('sends a POST input as the JSON body', async () => {
    const { call, calls } = setup({ list: ['a'] });
    await expect(call(search, { storeCode: 'S1' })).resolves.toEqual({ list: ['a'] });
    expect(calls[0]?.method).toBe('post');
    expect(JSON.parse(String(calls[0]?.data))).toEqual({ storeCode: 'S1' });
  });

  it('puts the path parameters into the path', async () => {
    const { call, calls } = setup({ list: ['a'] });
    const edit = { ...search, method: 'PUT' as const, path: '/api/things/:id' };
    await call(edit, { storeCode: 'S1' }, { pathParams: { id: 'a/7' } });
    expect(calls[0]?.url).toBe('/api/things/a%2F7');
  });

  it('rejects an answer that does not match the contract', async () => {
    const { call } = setup({ no: 'A1', cents: 'twelve' });
    await expect(call(lookUp, { storeCode: 'S1', no: 'A1' })).rejects.toThrow();
  });
});
