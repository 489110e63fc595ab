import {
  MARKETING_CALENDAR_EDIT,
  MARKETING_EVENT_TYPES,
  MARKETING_EVENT_TYPE_TEXT,
  marketingCalendarEndpoints,
  type MarketingEvent,
  type MarketingEventType,
} from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Calendar, Card, Empty, Grid, Segmented, Select, Space, Table, Tag, Tooltip } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { AddButton } from '../../components/list/add-button';
import type { ListColumn } from '../../components/list/columns';
import { ListCards } from '../../components/list/list-page';
import type { RowAction } from '../../components/list/row-actions';
import { useListQuery } from '../../components/list/use-list-query';
import { urlField } from '../../components/list/list-query';
import { useHasPermission } from '../../components/permission';
import { RemoteSelect } from '../../components/remote-select';
import { UpcomingEvents } from '../../components/upcoming-events';
import { call } from '../../lib/http';
import { notify } from '../../lib/notify';
import { shopGroupChoices } from '../../lib/shop-group-choices';
import { useRefresh } from '../../lib/use-refresh';
import { useStoreCode } from '../../stores/use-store-code';
import { AddEventDialog } from './add-event-dialog';
import { eventsOnDay } from './events-on-day';
import { CALENDAR_LABELS } from './labels';
import styles from './marketing-calendar.module.css';

const L = CALENDAR_LABELS;
const EDIT = [MARKETING_CALENDAR_EDIT] as const;
const HEAD_OFFICE = ['head_office'] as const;
const CELL_EVENTS = 3;
const calendarKeys = { all: ['marketing-calendar'] as const };

/** The page's URL: month, view, scope and filters (a link or a reload keeps them). */
const calendarUrlShape = {
  month: urlField.oneOf(
    Array.from({ length: 12 * 11 }, (_, i) => dayjs('2020-01-01').add(i, 'month').format('YYYY-MM')),
  ),
  view: urlField.oneOfOr(['month', 'list'], 'month'),
  scope: urlField.oneOfOr(['store', 'all'], 'store'),
  type: urlField.oneOf(MARKETING_EVENT_TYPES),
  group: urlField.id(),
};

/** The days a month view shows: the month with the weeks around it. */
const rangeOf = (month: Dayjs) => ({
  from: month.startOf('month').subtract(7, 'day').format('YYYY-MM-DD'),
  to: month.endOf('month').add(14, 'day').format('YYYY-MM-DD'),
});

const daysText = (e: MarketingEvent) =>
  e.startDate === e.endDate ? e.startDate : `${e.startDate} ~ ${e.endDate}`;

function EventTag({ event }: { event: MarketingEvent }) {
  return (
    <Tooltip
      title={`${event.typeText}｜${daysText(event)}｜${event.storesText}${event.remark ? `｜${event.remark}` : ''}`}
    >
      <Tag
        color={event.color}
        data-testid="calendar-event"
        style={{ maxWidth: '100%', overflow: 'hidden', textOverflow: 'ellipsis' }}
      >
        {event.title}
      </Tag>
    </Tooltip>
  );
}

const EVENT_COLUMNS: ListColumn<MarketingEvent>[] = [
  { key: 'days', title: L.columns.days, width: 200, isKey: true, render: (_, e) => daysText(e) },
  {
    key: 'type',
    title: L.columns.type,
    width: 100,
    render: (_, e) => <Tag color={e.color}>{e.typeText}</Tag>,
  },
  { key: 'title', title: L.columns.title, dataIndex: 'title' },
  { key: 'stores', title: L.columns.stores, dataIndex: 'storesText', ellipsis: true },
  { key: 'remark', title: L.columns.remark, dataIndex: 'remark', ellipsis: true },
];

/** The list view: a table, or on a phone the kit's cards from the same columns. */
function EventList(props: {
  events: MarketingEvent[];
  loading: boolean;
  onRemove: ((event: MarketingEvent) => void) | null;
}) {
  const { events, loading, onRemove } = props;
  const phone = Grid.useBreakpoint().xs === true;
  const removeAction: RowAction<MarketingEvent>[] = onRemove
    ? [{ key: 'remove', label: L.remove, danger: true, onClick: onRemove }]
    : [];
  if (phone)
    return events.length ? (
      <ListCards
        name="calendar"
        rows={events}
        columns={EVENT_COLUMNS}
        rowKey="key"
        actionsOf={(e) => (e.id ? removeAction : [])}
      />
    ) : (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={L.empty} />
    );
  return (
    <Table
      rowKey="key"
      size="small"
      loading={loading}
      dataSource={events}
      pagination={false}
      scroll={{ x: 720 }}
      locale={{ emptyText: L.empty }}
      data-testid="calendar-table"
      columns={[
        ...EVENT_COLUMNS,
        ...(onRemove
          ? [
              {
                key: 'actions',
                title: L.columns.actions,
                width: 80,
                render: (_: unknown, e: MarketingEvent) =>
                  e.id ? (
                    <Button type="link" danger size="small" onClick={() => onRemove(e)}>
                      {L.remove}
                    </Button>
                  ) : null,
              },
            ]
          : []),
      ]}
    />
  );
}

/**
 * 营销日历: a month and a list view of the promotions, festivals and activities concerning the store (or, for
 * head office, every store of its scope by shop group), filtered by type; 新增活动 for head office.
 */
export function MarketingCalendarPage() {
  const storeCode = useStoreCode();
  const { query, setQuery } = useListQuery(calendarUrlShape);
  const month = query.month ? dayjs(`${query.month}-01`) : dayjs().startOf('month');
  const range = rangeOf(month);
  const headOffice = useHasPermission(HEAD_OFFICE);
  const mayEdit = useHasPermission(EDIT);
  const whole = headOffice && query.scope === 'all';
  const [adding, setAdding] = useState(false);
  const refresh = useRefresh(calendarKeys.all);
  const events = useQuery({
    queryKey: [...calendarKeys.all, whole ? 'all' : storeCode, range.from, query.type, query.group],
    queryFn: ({ signal }) =>
      whole
        ? call(
            marketingCalendarEndpoints.manageList,
            { ...range, type: query.type ?? null, shopGroupId: query.group ?? null },
            { signal },
          )
        : call(
            marketingCalendarEndpoints.list,
            { storeCode, ...range, type: query.type ?? null },
            { signal },
          ),
    enabled: whole || Boolean(storeCode),
  });
  const list = events.data ?? [];
  const remove = async (event: MarketingEvent) => {
    if (!(await notify.confirm({ title: L.remove, content: L.removeConfirm(event.title) }))) return;
    await call(marketingCalendarEndpoints.delete, { id: event.id! });
    notify.success(L.removed);
    refresh();
  };

  const toolbar = (
    <Space wrap>
      <Segmented
        value={query.view}
        options={[
          { value: 'month', label: L.views.month },
          { value: 'list', label: L.views.list },
        ]}
        onChange={(view) => setQuery({ view: view as 'month' | 'list' })}
        data-testid="calendar-view"
      />
      {headOffice ? (
        <Segmented
          value={query.scope}
          options={[
            { value: 'store', label: L.scope.store },
            { value: 'all', label: L.scope.all },
          ]}
          onChange={(scope) => setQuery({ scope: scope as 'store' | 'all' })}
        />
      ) : null}
      <Select<MarketingEventType | 'all'>
        style={{ width: 130 }}
        value={query.type ?? 'all'}
        options={[
          { value: 'all', label: L.typeAll },
          ...MARKETING_EVENT_TYPES.map((t) => ({ value: t, label: MARKETING_EVENT_TYPE_TEXT[t] })),
        ]}
        onChange={(type) => setQuery({ type: type === 'all' ? undefined : type })}
        data-testid="calendar-type"
      />
      {whole ? (
        <RemoteSelect
          {...shopGroupChoices}
          value={query.group ?? null}
          onChange={(group) => setQuery({ group })}
          allowClear
          placeholder={L.groupPlaceholder}
          className="calendar-group"
        />
      ) : null}
      {mayEdit ? (
        <AddButton
          permission={EDIT}
          label={L.add.open}
          testId="calendar-add-open"
          onClick={() => setAdding(true)}
        />
      ) : null}
    </Space>
  );

  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle" data-testid="marketing-calendar-page">
      <Card title={L.title} extra={toolbar} loading={false} styles={{ header: { flexWrap: 'wrap' } }}>
        {query.view === 'month' ? (
          <Calendar
            className={styles.month}
            value={month}
            onPanelChange={(value) => setQuery({ month: value.format('YYYY-MM') })}
            onSelect={(value, info) => {
              if (info.source === 'date' && value.format('YYYY-MM') !== month.format('YYYY-MM'))
                setQuery({ month: value.format('YYYY-MM') });
            }}
            mode="month"
            fullscreen
            cellRender={(value, info) => {
              if (info.type !== 'date') return info.originNode;
              const day = eventsOnDay(list, value.format('YYYY-MM-DD'));
              return (
                <div>
                  {day.slice(0, CELL_EVENTS).map((e) => (
                    <div key={e.key}>
                      <EventTag event={e} />
                    </div>
                  ))}
                  {day.length > CELL_EVENTS ? <small>{L.more(day.length - CELL_EVENTS)}</small> : null}
                </div>
              );
            }}
          />
        ) : (
          <EventList
            events={list.filter(
              (e) =>
                e.endDate >= month.startOf('month').format('YYYY-MM-DD') &&
                e.startDate <= month.endOf('month').format('YYYY-MM-DD'),
            )}
            loading={events.isLoading}
            onRemove={mayEdit ? (e) => void remove(e) : null}
          />
        )}
      </Card>
      {storeCode ? <UpcomingEvents storeCode={storeCode} /> : null}
      <AddEventDialog
        open={adding}
        defaultDay={dayjs().add(1, 'day')}
        onClose={() => setAdding(false)}
        onAdded={refresh}
      />
    </Space>
  );
}
