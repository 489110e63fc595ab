import '../../test/dom';
import { memberEndpoints, type MemberHit, type MemberProfile } from '@console/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useMenuStore } from '../../stores/menu-store';
import { useSessionStore } from '../../stores/session-store';
import { useShopStore } from '../../stores/shop-store';
import { answerCalls, spyNotify } from '../../test/fake-calls';
import { menuNode } from '../../test/menu-node';
import { renderPage as renderAt, where } from '../../test/render-page';
import { MemberInquiryPage } from './member-inquiry-page';

const api = { inquiry: vi.fn(), profile: vi.fn(), tagOptions: vi.fn(), setTags: vi.fn() };
spyNotify();
answerCalls((endpoint: unknown, input: unknown) => {
  switch (endpoint) {
    case memberEndpoints.inquiry:
      return api.inquiry(input);
    case memberEndpoints.profile:
      return api.profile(input);
    case memberEndpoints.tagOptions:
      return api.tagOptions(input);
    case memberEndpoints.setTags:
      return api.setTags(input);
    default:
      return Promise.reject(new Error('unexpected call'));
  }
});

const MEMBER_ID = 'b'.repeat(32);
const PHONE = '15900000012';
const hit: MemberHit = {
  memberId: MEMBER_ID,
  memberNo: 'M200012',
  name: '王思琪',
  phoneMasked: '159****0012',
  level: 3,
  levelName: '金卡会员',
  points: 600,
  homeStoreName: '马驹桥店',
};
const chainTag = (tagId: number, name: string, groupCode: string, groupName: string) => ({
  tagId,
  name,
  groupCode,
  groupName,
  kind: 'manual' as const,
  ownStore: false,
});
const profile: MemberProfile = {
  memberId: MEMBER_ID,
  memberNo: 'M200012',
  name: '王思琪',
  phone: PHONE,
  phoneMasked: '159****0012',
  temporary: false,
  channel: 'store',
  channelText: '门店',
  birthday: '1990-05-01',
  contactConsent: true,
  registeredAt: '2024-01-01T00:00:00.000Z',
  homeStoreName: '马驹桥店',
  homeStore: true,
  level: 3,
  levelName: '金卡会员',
  growth: 6000,
  nextLevelName: '铂金会员',
  growthToNext: 14000,
  levelChangedAt: null,
  points: 600,
  guide: null,
  nextFollowUpOn: null,
  equities: [],
  tags: [chainTag(2, '新会员', 'segment', '客群')],
  ledger: [],
  orders: [],
  addresses: [],
  followUps: [],
  actions: { tag: true, assign: true, follow: true },
};

const renderPage = (search = '') => renderAt(`/member/member-inquiry${search}`, <MemberInquiryPage />);

beforeEach(() => {
  useMenuStore.setState({
    menus: [menuNode('Member', '/member', [menuNode('memberInquiry', 'member-inquiry')])],
  });
  useSessionStore.setState({ roles: ['member:tag', 'member:assign', 'member:follow'] });
  useShopStore.setState({ shopInfo: { addressId: 'S0001' } });
  api.profile.mockResolvedValue(profile);
  api.tagOptions.mockResolvedValue([
    { groupCode: 'segment', groupName: '客群', tags: [chainTag(2, '新会员', 'segment', '客群')] },
    { groupCode: 'care', groupName: '服务关怀', tags: [chainTag(7, '母婴客群', 'care', '服务关怀')] },
  ]);
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('MemberInquiryPage', { timeout: 60_000 }, () => {
  it('searches a full phone with Enter, lists the masked hit and opens its profile with the full phone', async () => {
    api.inquiry.mockResolvedValue([hit]);
    renderPage();
    const search = within(screen.getByTestId('member-inquiry-search')).getByRole('searchbox');
    await userEvent.type(search, `${PHONE}{Enter}`);
    const found = await screen.findByTestId('member-inquiry-hit');
    expect(api.inquiry).toHaveBeenCalledWith({ storeCode: 'S0001', keywords: PHONE });
    expect(found.textContent).toContain('159****0012');
    expect(found.textContent).not.toContain(PHONE);
    expect(where()).toBe(`/member/member-inquiry?keywords=${PHONE}`);

    await userEvent.click(within(found).getByTestId('member-inquiry-open'));
    expect(await screen.findByTestId('member-phone')).toHaveProperty('textContent', PHONE);
    expect(api.profile).toHaveBeenCalledWith({ storeCode: 'S0001', memberId: MEMBER_ID });
  });

  it('says when nobody is found', async () => {
    api.inquiry.mockResolvedValue([]);
    renderPage('?keywords=13900000000');
    expect(await screen.findByText('没有找到会员')).toBeTruthy();
  });

  it('opens 打标签 for a message’s 去打标 (isTag=1), the groups as the dictionary gives them, and saves', async () => {
    api.setTags.mockResolvedValue([
      chainTag(2, '新会员', 'segment', '客群'),
      chainTag(7, '母婴客群', 'care', '服务关怀'),
    ]);
    renderPage(`?memberId=${MEMBER_ID}&isTag=1`);
    const dialog = await screen.findByTestId('member-tag-dialog');
    expect(await within(dialog).findByTestId('tag-group-care')).toBeTruthy();
    expect(within(dialog).getByTestId('tag-group-segment').textContent).toContain('客群');
    // The member's own tag is ticked; tick another and save.
    expect(within(dialog).getByRole('checkbox', { name: '新会员' })).toHaveProperty('checked', true);
    await userEvent.click(within(dialog).getByText('母婴客群'));
    await userEvent.click(screen.getByTestId('member-tag-dialog-ok'));
    await waitFor(() =>
      expect(api.setTags).toHaveBeenCalledWith({ storeCode: 'S0001', memberId: MEMBER_ID, tagIds: [2, 7] }),
    );
    // Closing drops isTag, so a refresh does not open it again.
    await waitFor(() => expect(where()).toBe(`/member/member-inquiry?memberId=${MEMBER_ID}`));
  });

  it('offers no 打标签 without the button', async () => {
    useSessionStore.setState({ roles: [] });
    renderPage(`?memberId=${MEMBER_ID}`);
    await screen.findByTestId('member-phone');
    expect(screen.queryByTestId('member-action-tag')).toBeNull();
  });
});
