import '../../test/dom';
import { announcementEndpoints, type AnnouncementDetail, type AnnouncementRow } from '@console/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../../stores/session-store';
import { answerCalls, spyNotify } from '../../test/fake-calls';
import { renderPage, where } from '../../test/render-page';
import { announcementInputOf } from './announcement-form-dialog';
import { AnnouncementsPage } from './announcements-page';

const api = {
  page: vi.fn(),
  detail: vi.fn(),
  create: vi.fn(),
  update: vi.fn(),
  remove: vi.fn(),
  publish: vi.fn(),
  withdraw: vi.fn(),
  receipts: vi.fn(),
  addressees: vi.fn(),
  removeAttachment: vi.fn(),
};
answerCalls((endpoint: unknown, input: unknown) => {
  const name = Object.entries(announcementEndpoints).find(([, e]) => e === endpoint)?.[0] as
    keyof typeof api | undefined;
  return name && name in api ? api[name](input) : Promise.reject(new Error('unexpected call'));
});
const notify = spyNotify();

const renderAt = (search = '') => renderPage(`/system/notices${search}`, <AnnouncementsPage />);

function row(id: number, overrides: Partial<AnnouncementRow> = {}): AnnouncementRow {
  return {
    id,
    title: `公告${id}`,
    status: 'draft',
    publishAt: null,
    publishedAt: null,
    withdrawnAt: null,
    targetSummary: '亦庄文化园店',
    recipientCount: 0,
    readCount: 0,
    attachmentCount: 0,
    createdBy: '管理员',
    createdAt: '2026-11-21T04:52:31.564Z',
    updatedAt: '2026-11-21T04:52:31.564Z',
    ...overrides,
  };
}

function detail(id: number, overrides: Partial<AnnouncementDetail> = {}): AnnouncementDetail {
  return {
    ...row(id),
    content: '<p>请于<strong>周五</strong>前完成</p>',
    targets: { groups: [], stores: [{ id: 5, name: '亦庄文化园店', code: 'SD005' }], roles: [] },
    attachments: [],
    ...overrides,
  };
}

const rowOf = (text: string) => screen.getByText(text).closest('tr')!;
const lastBody = () => api.page.mock.lastCall?.[0] as Record<string, unknown>;

beforeEach(() => {
  useSessionStore.setState({ roles: ['notice:add', 'notice:edit', 'notice:publish', 'notice:del'] });
  api.page.mockResolvedValue({
    list: [
      row(1),
      row(2, {
        status: 'published',
        publishedAt: '2026-11-22T02:00:00.000Z',
        recipientCount: 4,
        readCount: 1,
      }),
      row(3, { status: 'withdrawn' }),
    ],
    total: 3,
    pageNum: 1,
    pageSize: 20,
  });
  api.addressees.mockResolvedValue({
    groups: [{ id: 7, name: '华东一区' }],
    stores: [{ id: 5, name: '亦庄文化园店', code: 'SD005' }],
    roles: [{ id: 3, name: '店长' }],
  });
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('AnnouncementsPage', { timeout: 60_000 }, () => {
  it('reads status and keyword from the URL, shows states, read counts and actions by state', async () => {
    renderAt('?status=published&keyword=备货&bogus=1');
    await screen.findByText('公告1');
    expect(lastBody()).toEqual({ status: 'published', keyword: '备货', pageNum: 1, pageSize: 20 });
    expect(within(rowOf('公告2')).getByText('已发布')).toBeTruthy();
    expect(within(rowOf('公告2')).getByText('1/4')).toBeTruthy();
    expect(within(rowOf('公告1')).getByTestId('row-action-publish')).toBeTruthy();
    expect(within(rowOf('公告1')).getByTestId('row-action-remove')).toBeTruthy();
    expect(within(rowOf('公告1')).queryByTestId('row-action-withdraw')).toBeNull();
    expect(within(rowOf('公告2')).getByTestId('row-action-withdraw')).toBeTruthy();
    expect(within(rowOf('公告2')).queryByTestId('row-action-edit')).toBeNull();
    expect(within(rowOf('公告3')).queryByTestId('row-action-withdraw')).toBeNull();
  });

  it('hides the changes from head office without the buttons', async () => {
    useSessionStore.setState({ roles: [] });
    renderAt();
    await screen.findByText('公告1');
    expect(screen.queryByTestId('announcements-add')).toBeNull();
    expect(within(rowOf('公告1')).queryByTestId('row-action-publish')).toBeNull();
    expect(within(rowOf('公告1')).getByTestId('row-action-view')).toBeTruthy();
  });

  it('publishes after a confirmation and withdraws after another', async () => {
    notify.confirm.mockResolvedValue(true);
    api.publish.mockResolvedValue(detail(1, { status: 'published' }));
    api.withdraw.mockResolvedValue(detail(2, { status: 'withdrawn' }));
    renderAt();
    await screen.findByText('公告1');
    await userEvent.click(within(rowOf('公告1')).getByTestId('row-action-publish'));
    expect(notify.confirm.mock.lastCall?.[0].content).toContain('立即发布公告“公告1”');
    await waitFor(() => expect(api.publish).toHaveBeenCalledWith({ id: 1 }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('公告已发布'));
    await userEvent.click(within(rowOf('公告2')).getByTestId('row-action-withdraw'));
    expect(notify.confirm.mock.lastCall?.[0].content).toContain('从所有接收人的消息中心移除');
    await waitFor(() => expect(api.withdraw).toHaveBeenCalledWith({ id: 2 }));
  });

  it('does not delete when the confirmation is cancelled', async () => {
    notify.confirm.mockResolvedValue(false);
    renderAt();
    await screen.findByText('公告1');
    await userEvent.click(within(rowOf('公告1')).getByTestId('row-action-remove'));
    await waitFor(() => expect(notify.confirm).toHaveBeenCalled());
    expect(api.remove).not.toHaveBeenCalled();
  });

  it('refuses a notice without addressees before calling, then opens the saved draft', async () => {
    api.create.mockResolvedValue(detail(9));
    api.detail.mockResolvedValue(detail(9));
    renderAt();
    await screen.findByText('公告1');
    await userEvent.click(screen.getByTestId('announcements-add'));
    await userEvent.type(await screen.findByTestId('announcement-form-title'), '盘点通知');
    const area = screen.getByTestId('announcement-form-content-area');
    area.innerHTML = '<p>请盘点</p>';
    area.dispatchEvent(new Event('input', { bubbles: true }));
    await userEvent.click(screen.getByTestId('announcement-form-ok'));
    expect(await screen.findByText('请至少选择一个接收对象')).toBeTruthy();
    expect(api.create).not.toHaveBeenCalled();

    await userEvent.click(screen.getByTestId('announcement-form-roles').querySelector('input')!);
    await userEvent.click(await screen.findByTitle('店长'));
    await userEvent.click(screen.getByTestId('announcement-form-ok'));
    await waitFor(() =>
      expect(api.create).toHaveBeenCalledWith({
        title: '盘点通知',
        content: '<p>请盘点</p>',
        targets: { groupIds: [], storeIds: [], roleIds: [3] },
        publishAt: null,
      }),
    );
    await waitFor(() => expect(where()).toBe('/system/notices?id=9'));
    expect((await screen.findByTestId('announcement-detail-content')).innerHTML).toContain(
      '<strong>周五</strong>',
    );
  });
});

describe('announcementInputOf', () => {
  it('sends the chosen time as an ISO instant and none as null', () => {
    const base = { title: ' 标题 ', content: '<p>x</p>', groupIds: [1], storeIds: [], roleIds: [] };
    expect(announcementInputOf(base)).toEqual({
      title: '标题',
      content: '<p>x</p>',
      targets: { groupIds: [1], storeIds: [], roleIds: [] },
      publishAt: null,
    });
  });
});
