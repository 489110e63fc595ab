import { describe, expect, it } from 'vitest';
import { BACKUP_NAME_PATTERN } from '@console/contract';
import { backupNameAt, compareCounts } from './backups.service.js';

describe('backupNameAt', () => {
  it('names a backup by its start in Shanghai time, in the pattern requests are checked against', () => {
    const name = backupNameAt(new Date('2026-11-28T16:05:09.500Z'), 'dump');
    expect(name).toBe('backup-20261129-000509.dump');
    expect(BACKUP_NAME_PATTERN.test(name)).toBe(true);
    expect(BACKUP_NAME_PATTERN.test(backupNameAt(new Date(0), 'tar.gz'))).toBe(true);
  });

  it('never lets a path through the pattern', () => {
    for (const bad of [
      '../backup-20261129-000509.dump',
      'backup-20261129-000509.dump/..',
      'x.dump',
      '/etc/passwd',
    ])
      expect(BACKUP_NAME_PATTERN.test(bad), bad).toBe(false);
  });
});

describe('compareCounts', () => {
  it('matches every table with the same rows', () => {
    expect(compareCounts({ 'public.a': 2, 'public.b': 0 }, { 'public.a': 2, 'public.b': 0 })).toEqual({
      tables: 2,
      matched: 2,
      mismatched: [],
      rows: 2,
    });
  });

  it('names a table whose rows differ or that one side lacks (-1)', () => {
    const report = compareCounts({ 'public.a': 2, 'public.gone': 1 }, { 'public.a': 3, 'public.new': 0 });
    expect(report.matched).toBe(0);
    expect(report.mismatched).toEqual([
      { table: 'public.a', expected: 2, restored: 3 },
      { table: 'public.gone', expected: 1, restored: -1 },
      { table: 'public.new', expected: -1, restored: 0 },
    ]);
  });
});
