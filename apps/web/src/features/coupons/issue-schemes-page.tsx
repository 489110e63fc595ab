import {
  ISSUE_CHANNEL_TEXT,
  ISSUE_CHANNELS,
  ISSUE_SCHEME_STATE_TEXT,
  ISSUE_SCHEME_STATES,
  couponEndpoints,
  issueSchemeEndpoints,
  type IssueChannel,
  type IssueSchemeDetail,
  type IssueSchemeRow,
  type IssueSchemeState,
} from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { Checkbox, DatePicker, Form, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { FormDialog, LoadingFormDialog } from '../../components/form-dialog/form-dialog';
import { IntegerField, TextField } from '../../components/form-dialog/form-fields';
import { column, type ListColumn } from '../../components/list/columns';
import { ListPage } from '../../components/list/list-page';
import { urlField } from '../../components/list/list-query';
import { statusOptionsOf } from '../../components/list/status-options';
import { useHeadOfficeList } from '../../components/list/use-head-office-list';
import { call } from '../../lib/http';
import { useRefresh } from '../../lib/use-refresh';
import { SCHEME_LABELS as L } from './labels';

const schemeUrlShape = {
  state: urlField.oneOfOr(['all', ...ISSUE_SCHEME_STATES], 'all'),
  pageNum: urlField.pageNum(),
  pageSize: urlField.pageSize([10, 20, 50], 20),
};
const schemeKeys = { all: ['issue-schemes'] as const, page: ['issue-schemes', 'platform'] as const };
const STATE_COLOR: Record<IssueSchemeState, string> = {
  not_started: 'default',
  running: 'processing',
  ended: 'warning',
};

function columns(): ListColumn<IssueSchemeRow>[] {
  return [
    column.key('schemeNo', L.fields.schemeNo, () => null),
    column.text('name', L.fields.name, { width: 160 }),
    column.text('channelsText', L.fields.channels, { width: 180 }),
    {
      key: 'issued',
      title: L.fields.issued,
      width: 120,
      render: (_, row) => `${row.issuedCount} / ${row.quantity}`,
    },
    {
      key: 'window',
      title: L.fields.window,
      width: 200,
      render: (_, row) => `${row.startDate} 至 ${row.endDate}`,
    },
    column.text('audienceText', L.fields.audience, { width: 150 }),
    column.status('state', L.fields.state, ISSUE_SCHEME_STATE_TEXT, STATE_COLOR, { width: 90 }),
    {
      key: 'visible',
      title: L.fields.visible,
      width: 80,
      render: (_, row) => (row.visible ? L.shown : L.hidden),
    },
  ];
}

type Values = {
  name: string;
  channels: IssueChannel[];
  couponId: number;
  count: number;
  quantity: number;
  perMemberLimit: number;
  window: [Dayjs, Dayjs];
};

/** The form's fields of a saved scheme: its first coupon is edited here, the others are kept as they are. */
const valuesOf = (scheme: IssueSchemeDetail): Partial<Values> => ({
  name: scheme.name,
  channels: scheme.channels,
  couponId: scheme.coupons[0]?.couponId,
  count: scheme.coupons[0]?.count ?? 1,
  quantity: scheme.quantity,
  perMemberLimit: scheme.perMemberLimit,
  window: [dayjs(scheme.startDate), dayjs(scheme.endDate)],
});

/**
 * 新增方案, or 编辑 of `editing`: an edit sends the scheme's audience, stores and remark back unchanged, since this
 * form does not show them.
 */
function SchemeFormDialog({
  open,
  editing,
  onClose,
  onDone,
}: {
  open: boolean;
  editing?: IssueSchemeDetail;
  onClose(): void;
  onDone(): void;
}) {
  const coupons = useQuery({
    queryKey: ['issue-schemes', 'coupons'],
    queryFn: ({ signal }) => call(couponEndpoints.templatePage, { pageSize: 50, enabled: true }, { signal }),
    enabled: open,
  });
  return (
    <FormDialog<Values>
      open={open}
      title={editing ? L.editTitle : L.add}
      doneText={editing ? L.edited : L.added}
      testId="scheme-form"
      onClose={onClose}
      onDone={onDone}
      initialValues={
        editing
          ? valuesOf(editing)
          : {
              channels: ['store_counter'],
              count: 1,
              quantity: 100,
              perMemberLimit: 1,
              window: [dayjs(), dayjs().add(30, 'day')],
            }
      }
      submit={async (v) => {
        const body = {
          name: v.name.trim(),
          channels: v.channels,
          coupons: [
            ...(v.couponId ? [{ couponId: v.couponId, count: v.count }] : []),
            ...(editing?.coupons.slice(1).filter((c) => c.couponId !== v.couponId) ?? []).map(
              ({ couponId, count }) => ({ couponId, count }),
            ),
          ],
          quantity: v.quantity,
          perMemberLimit: v.perMemberLimit,
          startDate: v.window[0].format('YYYY-MM-DD'),
          endDate: v.window[1].format('YYYY-MM-DD'),
        };
        const silent = { flags: { silent: true } } as const;
        if (!editing) await call(issueSchemeEndpoints.add, body, silent);
        else {
          const { audience, minLevel, storeScope, storeCodes, remark } = editing;
          const kept = { audience, minLevel, storeScope, storeCodes, remark };
          await call(issueSchemeEndpoints.update, { id: editing.id, ...body, ...kept }, silent);
        }
      }}
    >
      <TextField
        name="name"
        label={L.fields.name}
        required={L.nameRequired}
        max={64}
        testId="scheme-form-name"
      />
      <Form.Item name="channels" label={L.fields.channels}>
        <Checkbox.Group options={ISSUE_CHANNELS.map((c) => ({ value: c, label: ISSUE_CHANNEL_TEXT[c] }))} />
      </Form.Item>
      <Form.Item name="couponId" label={L.coupon}>
        <Select
          data-testid="scheme-form-coupon"
          showSearch
          optionFilterProp="label"
          loading={coupons.isFetching}
          options={(coupons.data?.list ?? []).map((c) => ({
            value: c.id,
            label: `${c.name}（${c.valueText}）`,
          }))}
        />
      </Form.Item>
      <IntegerField name="count" label={L.count} min={1} max={10} />
      <IntegerField name="quantity" label={L.quantity} min={1} max={1000000} />
      <IntegerField name="perMemberLimit" label={L.perMemberLimit} min={1} max={99} />
      <Form.Item name="window" label={L.fields.window}>
        <DatePicker.RangePicker style={{ width: '100%' }} allowClear={false} />
      </Form.Item>
    </FormDialog>
  );
}

/** 编辑 of one scheme: its detail loads first, then the form opens with it. */
function EditSchemeDialog({ id, onClose, onDone }: { id: number; onClose(): void; onDone(): void }) {
  const detail = useQuery({
    queryKey: [...schemeKeys.all, 'detail', id],
    queryFn: ({ signal }) => call(issueSchemeEndpoints.detail, { id }, { signal }),
  });
  if (!detail.data) return <LoadingFormDialog title={L.editTitle} testId="scheme-form" onClose={onClose} />;
  return <SchemeFormDialog open editing={detail.data} onClose={onClose} onDone={onDone} />;
}

/** 发放方案 (head office, docs/domain/coupons.md "Issue schemes"): every scheme by state; add, edit, show/hide, delete. */
export function IssueSchemesPage() {
  const { listQuery, list } = useHeadOfficeList(schemeUrlShape, {
    key: schemeKeys.page,
    endpoint: issueSchemeEndpoints.platformPageList,
    filters: (query) => ({ state: query.state }),
  });
  const { query, setQuery } = listQuery;
  const refresh = useRefresh(schemeKeys.all);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<number | null>(null);
  return (
    <>
      <ListPage
        title={L.title}
        name="scheme"
        testId="issue-schemes-page"
        list={list}
        columns={columns()}
        rowKey="id"
        add={{ label: L.add, permission: ['issueScheme:add'], onClick: () => setAdding(true) }}
        empty={{ description: L.empty }}
        statusFilter={{
          value: query.state,
          options: statusOptionsOf(ISSUE_SCHEME_STATES, ISSUE_SCHEME_STATE_TEXT),
          onChange: (state) => setQuery({ state }),
        }}
        rowActions={[
          {
            key: 'edit',
            label: L.edit,
            permission: ['issueScheme:edit'],
            allowed: (row) => row.actions.edit,
            onClick: (row) => setEditing(row.id),
          },
          ...([true, false] as const).map((visible) => ({
            key: visible ? 'show' : 'hide',
            label: visible ? L.show : L.hide,
            permission: ['issueScheme:showOrHide'],
            allowed: (row: IssueSchemeRow) => row.visible !== visible,
            onClick: async (row: IssueSchemeRow) => {
              await call(issueSchemeEndpoints.showOrHide, { id: row.id, visible });
              refresh();
            },
          })),
          {
            key: 'delete',
            label: L.delete,
            danger: true,
            confirm: (row) => L.deleteConfirm(row.name),
            permission: ['issueScheme:delete'],
            allowed: (row) => row.actions.delete,
            onClick: async (row) => {
              await call(issueSchemeEndpoints.delete, { id: row.id });
              refresh();
            },
          },
        ]}
      />
      <SchemeFormDialog open={adding} onClose={() => setAdding(false)} onDone={refresh} />
      {editing === null ? null : (
        <EditSchemeDialog id={editing} onClose={() => setEditing(null)} onDone={refresh} />
      )}
    </>
  );
}
