import type { BusinessTag, UnreadCount } from '@console/contract';
import { create } from 'zustand';

/**
 * IM_LIMITS.badgeMax (spec 9), repeated here because the bell is in the shell chunk and the contract's IM module
 * brings zod with it; message-store.test.ts keeps the two equal.
 */
export const BADGE_MAX = 99;

/** Tabs of the center (spec 2.14) and the list status each asks for: all, unread (1) and read (2). */
export const MESSAGE_TABS = { all: null, unread: 1, read: 2 } as const;
export type MessageTab = keyof typeof MESSAGE_TABS;

type MessageState = {
  unreadTotal: number;
  /** Unread count per business type; types without unread messages are absent. */
  unreadByType: Readonly<Record<number, number>>;
  centerOpen: boolean;
  /** Business type of the selected tag; null is the first tag, 全部. */
  selectedType: number | null;
  tab: MessageTab;
  /** Business tags from the server and when they were fetched (cached for IM_LIMITS.tagCacheMs). */
  tags: readonly BusinessTag[];
  tagsFetchedAt: number | null;
  /** Bumped when the open list must reload (new messages delivered, a message opened elsewhere). */
  listVersion: number;
  setUnread(count: UnreadCount): void;
  openCenter(): void;
  closeCenter(): void;
  selectType(type: number | null): void;
  selectTab(tab: MessageTab): void;
  setTags(tags: readonly BusinessTag[], fetchedAt: number): void;
  reloadList(): void;
  /** Spec 4.3 step 4: closed center, no counts, first tag and tab, tags fetched again. */
  reset(): void;
};

const initialState = {
  unreadTotal: 0,
  unreadByType: {},
  centerOpen: false,
  selectedType: null,
  tab: 'all',
  tags: [],
  tagsFetchedAt: null,
  listVersion: 0,
} as const satisfies Partial<MessageState>;

export const useMessageStore = create<MessageState>()((set, get) => ({
  ...initialState,

  setUnread(count) {
    const unreadByType: Record<number, number> = {};
    for (const entry of count.businessMessageCountList) {
      if (entry.businessMessageCount > 0) unreadByType[entry.businessType] = entry.businessMessageCount;
    }
    set({ unreadTotal: Math.max(0, count.messageCount), unreadByType });
  },
  openCenter: () => set({ centerOpen: true }),
  closeCenter: () => set({ centerOpen: false }),
  selectType: (selectedType) => set({ selectedType }),
  selectTab: (tab) => set({ tab }),
  setTags: (tags, tagsFetchedAt) => set({ tags, tagsFetchedAt }),
  reloadList: () => set({ listVersion: get().listVersion + 1 }),
  reset: () => set({ ...initialState, listVersion: get().listVersion + 1 }),
}));
