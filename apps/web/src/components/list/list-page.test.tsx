import '../../test/dom';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../../stores/session-store';
import {
  areaColumn,
  areaText,
  cellOf,
  column,
  keyColumn,
  moneyColumn,
  phoneColumn,
  statusColumn,
  timeColumn,
} from './columns';
import { ListPage, scrollWidthOf, statusOptionsOf, type ListPaging } from './list-page';
import { readListPrefs } from './list-prefs';
import type { ListData } from './use-list-data';
import { spyNotify } from '../../test/fake-calls';

const notify = spyNotify();

type Row = {
  no: string;
  cents: number;
  at: string;
  status: string;
  phone: string;
  area: string;
  open: boolean;
};
const ROWS: Row[] = [
  {
    no: 'A1',
    cents: 12345,
    at: '2026-11-21 09:00:00',
    status: 'open',
    phone: '13912345678',
    area: '北京市 北京市 朝阳区',
    open: true,
  },
  { no: 'A2', cents: 5, at: '', status: 'closed', phone: '', area: '浙江省/杭州市/西湖区', open: false },
];
const columns = [
  keyColumn<Row>('no', '编号', (row) => `/things/detail?no=${row.no}`),
  moneyColumn<Row>('cents', '金额'),
  timeColumn<Row>('at', '时间'),
  statusColumn<Row>('status', '状态', { open: '进行中', closed: '已结束' }, { open: 'green' }),
  phoneColumn<Row>('phone', '手机号'),
  areaColumn<Row>('area', '地区', { hiddenByDefault: true }),
];

const data = (patch: Partial<ListData<Row>> = {}): ListData<Row> => ({
  rows: ROWS,
  total: 2,
  totalExact: true,
  isLoading: false,
  isFetching: false,
  isError: false,
  error: null,
  refetch: vi.fn(),
  ...patch,
});
const paging = (patch: Partial<ListPaging> = {}): ListPaging => ({
  query: { pageNum: 1, pageSize: 20 },
  setQuery: vi.fn(),
  reset: vi.fn(),
  filtered: false,
  ...patch,
});

function renderList(
  list: Parameters<typeof ListPage<Row>>[0]['list'] = data(),
  page = paging(),
  extra: Partial<Parameters<typeof ListPage<Row>>[0]> = {},
) {
  render(
    <MemoryRouter>
      <ListPage<Row>
        title="事项"
        name="things"
        list={list}
        paging={page}
        columns={columns}
        rowKey="no"
        empty={{ description: '暂无事项，新建一个吧' }}
        {...extra}
      />
    </MemoryRouter>,
  );
}

const phoneWidth = (on: boolean) => {
  window.matchMedia = ((query: string) => ({
    matches: on && query.includes('max-width: 575'),
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
};

beforeEach(() => {
  phoneWidth(false);
  localStorage.clear();
  useSessionStore.setState({ roles: ['thing:close'], user: null });
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('column helpers', () => {
  it('writes an area as people do', () => {
    expect(areaText('北京市 北京市 朝阳区')).toBe('北京市朝阳区');
    expect(areaText('浙江省/杭州市/西湖区')).toBe('浙江省杭州市西湖区');
    expect(areaText('北京市市辖区大兴区')).toBe('北京市大兴区');
    expect(areaText('')).toBe('-');
  });

  it('shows a contact with the masked phone, a dash for nobody, and a status text from the row', () => {
    type Order = { name: string; phone: string; by: string | null; count: number; state: string };
    const row: Order = { name: '张三', phone: '13912345678', by: null, count: 3, state: 'done' };
    const text = (node: ReturnType<typeof cellOf>) => {
      render(<>{node}</>);
      const shown = document.body.textContent;
      cleanup();
      return shown;
    };
    expect(text(cellOf(column.contact<Order>('name', 'phone', '客户'), row, 0))).toBe('张三139****5678');
    expect(text(cellOf(column.person<Order>('by', '创建人'), row, 0))).toBe('-');
    expect(text(cellOf(column.count<Order>('count', '行数'), row, 0))).toBe('3');
    expect(
      text(
        cellOf(
          column.status<Order>('state', '状态', () => '已完成'),
          row,
          0,
        ),
      ),
    ).toBe('已完成');
  });

  it('gives the table the scroll width of its columns, a column without a width counted as 160', () => {
    expect(scrollWidthOf([220, undefined, 120, 'auto'])).toBe(660);
  });
});

describe('ListPage', { timeout: 30_000 }, () => {
  it('draws the cells from the column helpers, the key as a link, and the count', () => {
    renderList();
    const table = screen.getByTestId('things-table');
    expect(within(table).getByText('A1').closest('a')?.getAttribute('href')).toBe('/things/detail?no=A1');
    expect(within(table).getByText('¥123.45')).toBeTruthy();
    expect(within(table).getByText('2026-11-21 09:00:00')).toBeTruthy();
    expect(within(table).getByText('进行中')).toBeTruthy();
    expect(within(table).getByText('139****5678')).toBeTruthy();
    // 地区 is hidden by default.
    expect(within(table).queryByText('北京市朝阳区')).toBeNull();
    expect(screen.getByTestId('things-total').textContent).toBe('共 2 条');
  });

  it("takes a store list's paging and rows from the list, the row key from the key column", async () => {
    const page = paging({ pageSizes: [20, 50] });
    render(
      <MemoryRouter>
        <ListPage<Row>
          title="事项"
          name="things"
          list={{ ...data(), paging: page, noStore: false }}
          columns={columns}
          pager="keyset"
          empty={{ description: '暂无事项' }}
        />
      </MemoryRouter>,
    );
    expect(within(screen.getByTestId('things-table')).getByText('A2')).toBeTruthy();
    // The table is as wide as its shown columns: 220 + 120 + 170 + 100 + 130.
    expect(screen.getByTestId('things-table').querySelector('table')?.style.width).toBe('740px');
    await userEvent.click(screen.getByTestId('list-page-size'));
    // The sizes of the URL shape, not the default 10 / 20 / 50.
    expect((await screen.findAllByText('50 条/页')).length).toBeGreaterThan(0);
    expect(screen.queryByText('10 条/页')).toBeNull();
  });

  it('asks for a store first', () => {
    renderList({ ...data(), paging: paging(), noStore: true });
    expect(screen.getByText('请先选择门店')).toBeTruthy();
    expect(screen.queryByTestId('things-table')).toBeNull();
  });

  it('says N+ when the count is capped', () => {
    renderList(data({ total: 10_000, totalExact: false }));
    expect(screen.getByTestId('things-total').textContent).toBe('共 10000+ 条');
  });

  it('pages on past a capped count: a full page at the cap has a next one', async () => {
    const fullPage = Array.from({ length: 20 }, (_, i) => ({ ...ROWS[0]!, no: `C${i}` }));
    const page = paging({ query: { pageNum: 50, pageSize: 20 } });
    renderList(data({ rows: fullPage, total: 1000, totalExact: false }), page);
    expect(screen.getByTestId('things-total').textContent).toBe('共 1000+ 条');
    const next = () => document.querySelector('.ant-pagination-next')!;
    await userEvent.click(next().querySelector('button')!);
    expect(page.setQuery).toHaveBeenCalledWith({ pageNum: 51 });
    cleanup();
    // The same count, exact, ends at page 50.
    renderList(
      data({ rows: fullPage, total: 1000, totalExact: true }),
      paging({ query: { pageNum: 50, pageSize: 20 } }),
    );
    expect(next().getAttribute('aria-disabled')).toBe('true');
  });

  it('keeps the keyset pager going past a capped count', async () => {
    const fullPage = Array.from({ length: 20 }, (_, i) => ({ ...ROWS[0]!, no: `C${i}` }));
    const page = paging({ query: { pageNum: 5, pageSize: 20 } });
    renderList(data({ rows: fullPage, total: 99, totalExact: false }), page, { pager: 'keyset' });
    await userEvent.click(screen.getByRole('button', { name: '下一页' }));
    expect(page.setQuery).toHaveBeenCalledWith({ pageNum: 6 });
  });

  it('tells empty from no result', async () => {
    renderList(data({ rows: [], total: 0 }));
    expect(screen.getByTestId('things-empty').textContent).toContain('暂无事项，新建一个吧');
    cleanup();
    const page = paging({ filtered: true });
    renderList(data({ rows: [], total: 0 }), page);
    await userEvent.click(within(screen.getByTestId('things-no-result')).getByRole('button'));
    expect(page.reset).toHaveBeenCalled();
  });

  it('shows the error with retry', async () => {
    const list = data({ isError: true, error: new Error('x'), rows: [], total: null });
    renderList(list);
    await userEvent.click(within(screen.getByTestId('things-error')).getByRole('button'));
    expect(list.refetch).toHaveBeenCalled();
  });

  it('gates row actions by permission and the server, and confirms destructive ones', async () => {
    const close = vi.fn();
    const edit = vi.fn();
    notify.confirm.mockResolvedValue(true);
    renderList(data(), paging(), {
      rowActions: [
        { key: 'edit', label: '编辑', onClick: edit, permission: ['thing:edit'] },
        {
          key: 'close',
          label: '关闭',
          onClick: close,
          permission: ['thing:close'],
          allowed: (row) => row.open,
          danger: true,
          confirm: (row) => row.no,
        },
      ],
    });
    expect(screen.queryAllByTestId('row-action-edit')).toHaveLength(0);
    const buttons = screen.getAllByTestId('row-action-close');
    expect(buttons).toHaveLength(1);
    await userEvent.click(buttons[0]!);
    expect(notify.confirm).toHaveBeenCalledWith({ title: '确认关闭', content: '确定关闭 A1 吗？' });
    await waitFor(() => expect(close).toHaveBeenCalledWith(ROWS[0]));
  });

  it('asks the whole question a row action gives, and does nothing when declined', async () => {
    const close = vi.fn();
    notify.confirm.mockResolvedValue(false);
    renderList(data(), paging(), {
      rowActions: [
        {
          key: 'close',
          label: '关闭',
          onClick: close,
          danger: true,
          confirm: (row) => ({ content: `确定关闭${row.no}吗？关闭后不能重新打开。` }),
        },
      ],
    });
    await userEvent.click(screen.getAllByTestId('row-action-close')[0]!);
    expect(notify.confirm).toHaveBeenCalledWith({
      title: '确认关闭',
      content: '确定关闭A1吗？关闭后不能重新打开。',
    });
    await waitFor(() => expect(notify.confirm).toHaveBeenCalledTimes(1));
    expect(close).not.toHaveBeenCalled();
  });

  it('offers 全部 before the statuses', () => {
    expect(statusOptionsOf(['open', 'closed'], { open: '进行中', closed: '已关闭' })).toEqual([
      { value: 'all', label: '全部' },
      { value: 'open', label: '进行中' },
      { value: 'closed', label: '已关闭' },
    ]);
  });

  it('has no 操作 column for someone who may take none of the row actions', () => {
    renderList(data(), paging(), {
      rowActions: [{ key: 'edit', label: '编辑', onClick: vi.fn(), permission: ['thing:edit'] }],
    });
    expect(screen.queryByText('操作')).toBeNull();
  });

  it('puts 新增 first among the tools for holders of its permission, and not for others', async () => {
    const onClick = vi.fn();
    renderList(data(), paging(), { add: { label: '新增事项', permission: ['thing:close'], onClick } });
    await userEvent.click(screen.getByTestId('things-add'));
    expect(onClick).toHaveBeenCalledOnce();
    cleanup();
    renderList(data(), paging(), { add: { label: '新增事项', permission: ['thing:add'], onClick } });
    expect(screen.queryByTestId('things-add')).toBeNull();
  });

  it('runs batch actions on the selected rows', async () => {
    const closeAll = vi.fn();
    renderList(data(), paging(), { batchActions: [{ key: 'close', label: '批量关闭', onClick: closeAll }] });
    const boxes = screen.getAllByRole('checkbox');
    await userEvent.click(boxes[1]!);
    await userEvent.click(within(screen.getByTestId('things-batch')).getByText('批量关闭'));
    expect(closeAll).toHaveBeenCalledWith([ROWS[0]]);
  });

  it('switches between the lists of its tabs', async () => {
    const onChange = vi.fn();
    renderList(data(), paging(), {
      tabs: {
        value: 'a',
        options: [
          { value: 'a', label: '甲类' },
          { value: 'b', label: '乙类' },
        ],
        onChange,
      },
    });
    const tabs = screen.getByTestId('things-tabs');
    expect(within(tabs).getByRole('tab', { selected: true }).textContent).toBe('甲类');
    await userEvent.click(within(tabs).getByText('乙类'));
    expect(onChange).toHaveBeenCalledWith('b');
  });

  it('renders cards from the same columns below 576 px', () => {
    phoneWidth(true);
    renderList();
    expect(screen.queryByTestId('things-table')).toBeNull();
    const cards = screen.getAllByTestId('list-card');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByText('A1').closest('a')).toBeTruthy();
    expect(within(cards[0]!).getByText('金额')).toBeTruthy();
    expect(within(cards[0]!).getByText('¥123.45')).toBeTruthy();
  });

  it("draws the page's own cards in a grid at every width with renderCard, and the states and count", () => {
    renderList(data(), paging(), { renderCard: (row) => <article data-testid="own-card">{row.no}</article> });
    expect(screen.queryByTestId('things-table')).toBeNull();
    expect(screen.queryByTestId('list-columns')).toBeNull();
    expect(screen.queryByTestId('list-density')).toBeNull();
    expect(screen.getAllByTestId('own-card').map((card) => card.textContent)).toEqual(['A1', 'A2']);
    expect(screen.getByTestId('things-total').textContent).toBe('共 2 条');
    cleanup();
    renderList(data({ rows: [], total: 0 }), paging(), { renderCard: () => null });
    expect(screen.getByTestId('things-empty')).toBeTruthy();
  });

  it('remembers the hidden columns and density per user', async () => {
    useSessionStore.setState({ user: { id: 7 } as never });
    renderList();
    await userEvent.click(screen.getByTestId('list-columns'));
    await userEvent.click(within(await screen.findByTestId('list-column-settings')).getByText('金额'));
    await waitFor(() => expect(within(screen.getByTestId('things-table')).queryByText('¥123.45')).toBeNull());
    const defaults = { density: 'middle' as const, hidden: ['area'] };
    expect(readListPrefs('7', 'things', defaults).hidden).toEqual(['area', 'cents']);
    expect(readListPrefs('8', 'things', defaults).hidden).toEqual(['area']);
  });

  it('changes the page size through the selector', async () => {
    const page = paging();
    renderList(data({ total: 45 }), page);
    await userEvent.click(screen.getByTitle('2'));
    expect(page.setQuery).toHaveBeenCalledWith({ pageNum: 2 });
  });
});
