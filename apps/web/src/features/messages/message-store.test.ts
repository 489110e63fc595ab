import { IM_LIMITS } from '@console/contract';
import { describe, expect, it } from 'vitest';
import { BADGE_MAX, useMessageStore } from './message-store';

describe('message store', () => {
  it('caps the badge at the spec constant', () => {
    expect(BADGE_MAX).toBe(IM_LIMITS.badgeMax);
  });

  it('keeps only non-zero counts per business type and never a negative total', () => {
    useMessageStore.getState().setUnread({
      messageCount: -1,
      businessMessageCountList: [
        { businessType: 1, businessMessageCount: 2 },
        { businessType: 3, businessMessageCount: 0 },
      ],
    });
    expect(useMessageStore.getState()).toMatchObject({ unreadTotal: 0, unreadByType: { 1: 2 } });
    expect(useMessageStore.getState().unreadByType).not.toHaveProperty('3');
  });

  it('reset closes the center, clears counts and tags and asks the list to reload', () => {
    useMessageStore.setState({
      centerOpen: true,
      unreadTotal: 4,
      selectedType: 2,
      tab: 'read',
      tagsFetchedAt: 5,
    });
    const version = useMessageStore.getState().listVersion;
    useMessageStore.getState().reset();
    expect(useMessageStore.getState()).toMatchObject({
      centerOpen: false,
      unreadTotal: 0,
      unreadByType: {},
      selectedType: null,
      tab: 'all',
      tags: [],
      tagsFetchedAt: null,
      listVersion: version + 1,
    });
  });
});
