import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { dateRangeFields } from './date-range.js';
import { keysetListFilters, keywordField, listFilters } from './list-request.js';
import { keysetPageOf, pageOf, pageRequest } from './page.js';
import { noInput } from './endpoint.js';
import { takesNothing } from './takes-nothing.js';
import { labelledCodes } from './labelled-codes.js';

const messages = (result: z.ZodSafeParseResult<unknown>) => result.error?.issues.map((i) => i.message) ?? [];

describe('pageRequest', () => {
  const body = z.object(pageRequest({ max: 50 }));
  const query = z.object(pageRequest({ max: 50, defaultSize: 10, fromQuery: true }));

  it('defaults to page 1 with the default size', () => {
    expect(body.parse({})).toEqual({ pageNum: 1, pageSize: 20 });
    expect(query.parse({})).toEqual({ pageNum: 1, pageSize: 10 });
  });

  it('refuses sizes over the maximum and bad pages in Chinese', () => {
    expect(messages(body.safeParse({ pageSize: 51 }))).toEqual(['每页条数不能超过50']);
    expect(messages(body.safeParse({ pageNum: 0 }))).toEqual(['页码不正确']);
    expect(messages(body.safeParse({ pageNum: '2' }))).toEqual(['页码不正确']);
  });

  it('reads numbers from a query string', () => {
    expect(query.parse({ pageNum: '3', pageSize: '5' })).toEqual({ pageNum: 3, pageSize: 5 });
  });
});

describe('listFilters', () => {
  const shape = {
    status: z.enum(['all', 'open']).default('all'),
    keyword: keywordField(10),
    ...dateRangeFields,
  };
  const numbered = listFilters(shape, { max: 30 });
  const keyset = keysetListFilters(shape, { max: 30 });

  it('gives the list paging and the export none, from one declaration', () => {
    expect(numbered.request.parse({})).toEqual({ status: 'all', pageNum: 1, pageSize: 20 });
    expect(numbered.filters.parse({ pageNum: 4 })).toEqual({ status: 'all' });
    expect(keyset.request.parse({ cursor: 'abc' })).toMatchObject({ cursor: 'abc', pageNum: 1 });
  });

  it('checks the date range on the list and the export alike', () => {
    const reversed = { dateFrom: '2026-03-02', dateTo: '2026-03-01' };
    for (const schema of [numbered.request, numbered.filters, keyset.request]) {
      const result = schema.safeParse(reversed);
      expect(messages(result)).toEqual(['开始日期不能晚于结束日期']);
      expect(result.error?.issues[0]?.path).toEqual(['dateTo']);
    }
    expect(messages(numbered.request.safeParse({ dateFrom: '2026-02-30' }))).toEqual(['日期格式不正确']);
  });

  it('trims the keyword and names its limit', () => {
    expect(numbered.filters.parse({ keyword: '  张三 ' })).toMatchObject({ keyword: '张三' });
    expect(messages(numbered.filters.safeParse({ keyword: '一二三四五六七八九十十' }))).toEqual([
      '搜索关键字不能超过10个字',
    ]);
  });
});

describe('page answers', () => {
  it('strips unknown fields of each row', () => {
    const page = pageOf(z.object({ no: z.string() }));
    expect(page.parse({ list: [{ no: 'A', hash: 'x' }], total: 1, pageNum: 1, pageSize: 20 })).toEqual({
      list: [{ no: 'A' }],
      total: 1,
      pageNum: 1,
      pageSize: 20,
    });
  });

  it('lets a keyset page carry no count and a cursor', () => {
    const page = keysetPageOf(z.string());
    const answer = { list: [], total: null, totalExact: true, pageNum: 2, pageSize: 20, nextCursor: null };
    expect(page.parse(answer)).toEqual(answer);
  });
});

describe('takesNothing', () => {
  it('recognises a request without fields, and nothing else', () => {
    expect(takesNothing(noInput)).toBe(true);
    expect(takesNothing(z.object({}))).toBe(true);
    expect(takesNothing(z.object({ a: z.string() }))).toBe(false);
    expect(takesNothing(z.object({}).default({}))).toBe(false);
    expect(takesNothing(null)).toBe(false);
  });
});

describe('labelledCodes', () => {
  it('answers the codes in declaration order and their labels, for z.enum and the label map', () => {
    const { codes, text } = labelledCodes({ phone: '电话', visit: '到店' });
    expect(codes).toEqual(['phone', 'visit']);
    expect(z.enum(codes).safeParse('visit').success).toBe(true);
    expect(z.enum(codes).safeParse('sms').success).toBe(false);
    expect(text.visit).toBe('到店');
  });
});
