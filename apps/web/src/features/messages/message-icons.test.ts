import { BUSINESS_TYPES, MESSAGE_ICONS, MESSAGE_KINDS } from '@console/contract';
import { describe, expect, it } from 'vitest';
import { MESSAGE_ICON_COMPONENTS } from './message-icons';
import { FALLBACK_TYPE_COLOR, businessTypeColor } from './message-kind-view';

describe('message icons and colours', () => {
  it('has a distinct antd icon for every notification kind', () => {
    for (const icon of MESSAGE_ICONS) expect(MESSAGE_ICON_COMPONENTS[icon], icon).toBeDefined();
    expect(new Set(Object.values(MESSAGE_ICON_COMPONENTS)).size).toBe(MESSAGE_ICONS.length);
  });

  it('draws every kind of the catalogue', () => {
    for (const kinds of Object.values(MESSAGE_KINDS))
      for (const kind of Object.values(kinds)) expect(MESSAGE_ICON_COMPONENTS[kind.icon]).toBeDefined();
  });

  it('has a colour for every business type', () => {
    for (const type of BUSINESS_TYPES) expect(businessTypeColor(type.code)).toMatch(/^#[0-9a-f]{6}$/i);
    expect(businessTypeColor(99)).toBe(FALLBACK_TYPE_COLOR);
  });
});
