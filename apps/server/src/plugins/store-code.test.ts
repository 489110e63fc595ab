import { STORE_CODE_HEADER } from '@console/contract';
import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { storeCodeOf } from './store-code.js';

const request = (parts: { body?: unknown; query?: unknown; header?: string }) =>
  ({
    body: parts.body,
    query: parts.query,
    headers: parts.header === undefined ? {} : { [STORE_CODE_HEADER]: parts.header },
  }) as unknown as FastifyRequest;

describe('storeCodeOf', () => {
  it('takes the body field, then the query field, then the header, trimmed', () => {
    const all = { body: { storeCode: ' B1 ' }, query: { storeCode: 'Q1' }, header: 'H1' };
    expect(storeCodeOf(request(all), 'storeCode')).toBe('B1');
    expect(storeCodeOf(request({ ...all, body: {} }), 'storeCode')).toBe('Q1');
    expect(storeCodeOf(request({ header: ' H1 ' }), 'storeCode')).toBe('H1');
  });

  it('passes over blank and non-string values, and reads only the header without a field', () => {
    expect(
      storeCodeOf(request({ body: { storeCode: '  ' }, query: { storeCode: 7 }, header: 'H2' }), 'storeCode'),
    ).toBe('H2');
    expect(storeCodeOf(request({ body: { storeCode: 'B3' }, header: 'H3' }), null)).toBe('H3');
    expect(storeCodeOf(request({ body: 'text', query: null }), 'storeCode')).toBeNull();
    expect(storeCodeOf(request({ header: '' }), 'storeCode')).toBeNull();
  });
});
