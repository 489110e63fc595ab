import { describe, expect, it } from 'vitest';
import { statusNote } from './order-log-timeline';

describe('statusNote', () => {
  it('names the new status when it changed', () => {
    expect(statusNote({ toStatus: 'shipped', toStatusText: '已发货', fromStatusText: '待发货' })).toBe(
      '（已发货）',
    );
  });
  it('says nothing for an unchanged, missing or untranslated status', () => {
    expect(statusNote({ toStatus: 'wait_ship', toStatusText: '待发货', fromStatusText: '待发货' })).toBe('');
    expect(statusNote({ toStatus: '', toStatusText: '', fromStatusText: '' })).toBe('');
    expect(statusNote({ toStatus: 'open', toStatusText: 'open', fromStatusText: '' })).toBe('');
  });
});
