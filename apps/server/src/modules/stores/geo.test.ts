import { describe, expect, it } from 'vitest';
import { distanceKmOf, groupByTitle, haversineKm, isLocated, originOf } from './geo.js';

describe('geo helpers', () => {
  it('measures great-circle distance', () => {
    const beijing = { latitude: 39.9042, longitude: 116.4074 };
    const shanghai = { latitude: 31.2304, longitude: 121.4737 };
    expect(haversineKm(beijing, shanghai)).toBeGreaterThan(1060);
    expect(haversineKm(beijing, shanghai)).toBeLessThan(1075);
    expect(haversineKm(beijing, beijing)).toBe(0);
  });

  it('treats 0/0 as no location', () => {
    expect(isLocated({ latitude: 0, longitude: 0 })).toBe(false);
    expect(distanceKmOf({ latitude: 39, longitude: 116 }, { latitude: 0, longitude: 0 })).toBeNull();
    expect(distanceKmOf({ latitude: 39, longitude: 116 }, { latitude: 39, longitude: 116.01 })).toBeCloseTo(
      0.86,
      1,
    );
  });

  it('falls back to the default coordinates', () => {
    expect(originOf({})).toEqual({ latitude: 39.77843, longitude: 116.51507 });
    expect(originOf({ latitude: 0, longitude: 0 })).toEqual({ latitude: 39.77843, longitude: 116.51507 });
    expect(originOf({ latitude: 30, longitude: null })).toEqual({ latitude: 39.77843, longitude: 116.51507 });
    expect(originOf({ latitude: 30, longitude: 120 })).toEqual({ latitude: 30, longitude: 120 });
  });

  it('groups a nearest-first page by title in order of first appearance', () => {
    const rows = [
      { shopGroupId: 2, frontTitle: '华北', code: 'a' },
      { shopGroupId: 1, frontTitle: '华东', code: 'b' },
      { shopGroupId: 2, frontTitle: '华北', code: 'c' },
    ];
    expect(groupByTitle(rows, (r) => r.code)).toEqual([
      { shopGroupId: 2, frontTitle: '华北', shopList: ['a', 'c'] },
      { shopGroupId: 1, frontTitle: '华东', shopList: ['b'] },
    ]);
  });
});
