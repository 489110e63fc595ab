import '../../test/dom';
import { memberEndpoints, type MemberStoreRow } from '@console/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useMenuStore } from '../../stores/menu-store';
import { useSessionStore } from '../../stores/session-store';
import { useShopStore } from '../../stores/shop-store';
import { answerCalls, spyNotify } from '../../test/fake-calls';
import { menuNode } from '../../test/menu-node';
import { renderPage as renderAt, where } from '../../test/render-page';
import { MemberStorePage, tabOf } from './member-store-page';

const api = { list: vi.fn(), counts: vi.fn(), follow: vi.fn(), activate: vi.fn() };
const notify = spyNotify();
answerCalls((endpoint: unknown, input: unknown) => {
  switch (endpoint) {
    case memberEndpoints.storeList:
      return api.list(input);
    case memberEndpoints.storeCounts:
      return api.counts(input);
    case memberEndpoints.followUp:
      return api.follow(input);
    case memberEndpoints.activateEquity:
      return api.activate(input);
    default:
      return Promise.reject(new Error('unexpected call'));
  }
});

/** The member menu: 会员查询 and 会员跟进. */
const MEMBER_MENUS = [
  menuNode('Member', '/member', [
    menuNode('memberInquiry', 'member-inquiry'),
    menuNode('memberStore', 'member-store'),
  ]),
];

const renderPage = (search = '') => renderAt(`/member/member-store${search}`, <MemberStorePage />);

const MEMBER_ID = 'a'.repeat(32);
const row = (overrides: Partial<MemberStoreRow> = {}): MemberStoreRow => ({
  memberId: MEMBER_ID,
  memberNo: 'M200868',
  name: '陈海峰',
  phoneMasked: '159****0868',
  level: 4,
  levelName: '铂金会员',
  guideName: '周一鸣',
  levelChangedAt: null,
  nextFollowUpOn: '2026-11-30',
  lastFollowUpAt: '2026-11-13T02:40:04.000Z',
  detail: '面包 · 2026-11-25到期',
  equityId: null,
  ...overrides,
});
const pageOf = (rows: MemberStoreRow[]) => ({
  list: rows,
  total: rows.length,
  totalExact: true,
  pageNum: 1,
  pageSize: 20,
  nextCursor: null,
});

const counted = (total: number, totalExact = true) => ({ total, totalExact });

beforeEach(() => {
  useMenuStore.setState({ menus: MEMBER_MENUS });
  useSessionStore.setState({ roles: ['member:follow', 'member:assign'] });
  useShopStore.setState({ shopInfo: { addressId: 'S0001' } });
  api.counts.mockResolvedValue({
    toAssign: counted(2),
    mine: counted(99, false),
    overdue: counted(209),
    equity: counted(29),
    repurchase: counted(33),
  });
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('tabOf', () => {
  it('reads a message’s flag before the chosen tab (2.15)', () => {
    expect(tabOf({ tab: 'mine', activateUser: '1', permissionUser: undefined })).toBe('equity');
    expect(tabOf({ tab: 'mine', activateUser: undefined, permissionUser: '1' })).toBe('repurchase');
    expect(tabOf({ tab: 'overdue', activateUser: undefined, permissionUser: undefined })).toBe('overdue');
  });
});

describe('MemberStorePage', { timeout: 60_000 }, () => {
  it('opens a repurchase message on 复购到期 with that member alone, the tabs counted', async () => {
    api.list.mockResolvedValue(pageOf([row()]));
    renderPage(`?memberId=${MEMBER_ID}&permissionUser=1`);
    const table = await screen.findByTestId('member-store-table');
    await within(table).findByText('M200868');
    expect(api.list).toHaveBeenCalledWith({
      storeCode: 'S0001',
      tab: 'repurchase',
      memberId: MEMBER_ID,
      pageNum: 1,
      pageSize: 20,
    });
    expect(within(table).getByText('面包 · 2026-11-25到期')).toBeTruthy();
    expect(await screen.findByRole('tab', { name: '复购到期 33', selected: true })).toBeTruthy();
    expect(screen.getByRole('tab', { name: '待分配 2' })).toBeTruthy();
    // A count the server stopped at its cap says so.
    expect(screen.getByRole('tab', { name: '我的跟进 99+' })).toBeTruthy();
    // The number links to the profile.
    expect(within(table).getByText('M200868').closest('a')?.getAttribute('href')).toBe(
      `/member/member-inquiry?memberId=${MEMBER_ID}`,
    );

    // 查看全部 drops the member, the tab stays.
    await userEvent.click(within(screen.getByTestId('member-store-only')).getByRole('button'));
    await waitFor(() =>
      expect(api.list).toHaveBeenLastCalledWith(expect.not.objectContaining({ memberId: MEMBER_ID })),
    );
    expect(where()).not.toContain('memberId=');
    expect(screen.queryByTestId('member-store-only')).toBeNull();
  });

  it('opens an upgrade 去分配 message (memberId alone) on 待分配; a tab click leaves the message', async () => {
    api.list.mockResolvedValue(
      pageOf([row({ guideName: null, levelChangedAt: '2026-11-27T10:40:04.000Z' })]),
    );
    renderPage(`?memberId=${MEMBER_ID}`);
    await screen.findByText('M200868');
    expect(api.list).toHaveBeenCalledWith(expect.objectContaining({ tab: 'toAssign', memberId: MEMBER_ID }));
    expect(screen.getByTestId('member-store-only')).toBeTruthy();

    await userEvent.click(screen.getByRole('tab', { name: '跟进逾期 209' }));
    await waitFor(() =>
      expect(api.list).toHaveBeenLastCalledWith({
        storeCode: 'S0001',
        tab: 'overdue',
        pageNum: 1,
        pageSize: 20,
      }),
    );
    expect(where()).toBe('/member/member-store?tab=overdue');
  });

  it('records a follow-up with Enter in the text', async () => {
    api.list.mockResolvedValue(pageOf([row()]));
    api.follow.mockResolvedValue({ ok: true });
    renderPage('?tab=mine');
    await screen.findByText('M200868');
    await userEvent.click(screen.getByTestId('row-action-follow'));
    const content = await screen.findByTestId('member-follow-content');
    await userEvent.type(content, '电话回访，预约周末提货{Enter}');
    await waitFor(() =>
      expect(api.follow).toHaveBeenCalledWith({
        storeCode: 'S0001',
        memberId: MEMBER_ID,
        channel: 'phone',
        result: 'reached',
        content: '电话回访，预约周末提货',
        nextOn: null,
      }),
    );
    expect(notify.success).toHaveBeenCalledWith('跟进已记录');
  });

  it('activates an equity on 权益待激活 only, and offers no row action without the button', async () => {
    api.list.mockResolvedValue(pageOf([row({ equityId: 7, detail: '生日礼' })]));
    api.activate.mockResolvedValue({ ok: true });
    renderPage(`?memberId=${MEMBER_ID}&activateUser=1`);
    await screen.findByText('生日礼');
    await userEvent.click(screen.getByTestId('row-action-activate'));
    await waitFor(() =>
      expect(api.activate).toHaveBeenCalledWith({ storeCode: 'S0001', memberId: MEMBER_ID, equityId: 7 }),
    );
    expect(notify.success).toHaveBeenCalledWith('权益已激活');
    cleanup();

    useSessionStore.setState({ roles: [] });
    renderPage('?tab=toAssign');
    await screen.findByText('M200868');
    expect(screen.queryByTestId('row-action-follow')).toBeNull();
    expect(screen.queryByTestId('row-action-assign')).toBeNull();
  });
});
