import type { AuthOpenRecord } from '@console/contract';
import { describe, expect, it } from 'vitest';
import { openResultMessages, storeOptions } from './open-result';

describe('storeOptions', () => {
  it('turns the suggested stores into code-and-name options without repeats', () => {
    expect(
      storeOptions([
        { shopCode: 'BJ01', shopName: '国贸店' },
        { shopCode: 'BJ02', shopName: '亦庄店' },
        { shopCode: 'BJ01', shopName: '国贸店' },
      ]),
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
