import type { AuthOpenRecord } from '@console/contract';
import { describe, expect, it } from 'vitest';
import { openResultMessages, storeOptions } from './open-result';
import { recordsQueryOf, recordsSearch } from './records-query';

describe('storeOptions', () => {
  it('flattens the groups into code-and-name options without repeats', () => {
    const shop = (addressId: string, shopName: string) => ({
      addressId,
      shopName,
      businessScopeName: '',
      distanceKm: null,
    });
    expect(
      storeOptions({
        total: 3,
        list: [
          { shopGroupId: 1, frontTitle: '华北', shopList: [shop('BJ01', '国贸店'), shop('BJ02', '亦庄店')] },
          { shopGroupId: 2, frontTitle: '华南', shopList: [shop('BJ01', '国贸店')] },
        ],
      }),
    ).toEqual([
      { value: 'BJ01', label: 'BJ01 国贸店' },
      { value: 'BJ02', label: 'BJ02 亦庄店' },
    ]);
    expect(storeOptions(undefined)).toEqual([]);
  });
});

describe('openResultMessages', () => {
  const record = { id: 1 } as AuthOpenRecord;
  it('counts what was opened and names what needed nothing', () => {
    expect(
      openResultMessages({
        created: [record, record],
        alreadyAuthorised: ['A1'],
        alreadyPending: ['A2', 'A3'],
      }),
    ).toEqual({
      success: '已为2家门店发起授权，等待员工确认',
      notes: ['已有权限，未重复开通：A1', '已在等待员工确认：A2、A3'],
    });
    expect(openResultMessages({ created: [], alreadyAuthorised: [], alreadyPending: [] })).toEqual({
      success: null,
      notes: ['所选门店均无需开通'],
    });
  });
});

describe('records query in the URL', () => {
  it('reads page and status, falling back on anything odd', () => {
    expect(recordsQueryOf(new URLSearchParams('pageNum=3&status=pending'))).toEqual({
      pageNum: 3,
      status: 'pending',
    });
    expect(recordsQueryOf(new URLSearchParams('pageNum=-1&status=maybe'))).toEqual({
      pageNum: 1,
      status: undefined,
    });
    expect(recordsQueryOf(new URLSearchParams('pageNum=2.5'))).toEqual({ pageNum: 1, status: undefined });
  });

  it('writes only what differs from the defaults', () => {
    expect(recordsSearch({ pageNum: 1, status: undefined })).toEqual({});
    expect(recordsSearch({ pageNum: 2, status: 'refused' })).toEqual({ pageNum: '2', status: 'refused' });
  });
});
