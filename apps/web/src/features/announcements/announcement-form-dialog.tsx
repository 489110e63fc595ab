import {
  ANNOUNCEMENT_LIMITS,
  announcementEndpoints,
  type AnnouncementDetail,
  type AnnouncementStoreRef,
} from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { DatePicker, Form, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo } from 'react';
import { FormDialog, LoadingFormDialog } from '../../components/form-dialog/form-dialog';
import { onlyPage, RemoteSelect } from '../../components/remote-select';
import { TextField } from '../../components/form-dialog/form-fields';
import { call } from '../../lib/http';
import { announcementKeys } from './announcement-keys';
import { ANNOUNCEMENT_LABELS } from './labels';
import { RichTextEditor } from './rich-text-editor';

const L = ANNOUNCEMENT_LABELS.form;

type Values = {
  title: string;
  content: string;
  groupIds: number[];
  storeIds: number[];
  roleIds: number[];
  publishAt?: Dayjs | null;
};

/** Who the dialog is for: a new notice, or the id of the draft being edited. */
export type AnnouncementFormTarget = { mode: 'create' } | { mode: 'edit'; id: number };

type Props = {
  target: AnnouncementFormTarget | null;
  onClose(): void;
  onSaved(notice: AnnouncementDetail): void;
};

/** The request the form makes: the addressees grouped, the time as an ISO instant (none = at once). */
export function announcementInputOf(values: Values) {
  return {
    title: (values.title ?? '').trim(),
    content: values.content ?? '',
    targets: {
      groupIds: values.groupIds ?? [],
      storeIds: values.storeIds ?? [],
      roleIds: values.roleIds ?? [],
    },
    publishAt: values.publishAt ? values.publishAt.toISOString() : null,
  };
}

/** 新增公告 / 编辑公告: title, rich text, addressees (shop groups, stores, roles of the caller's reach), time. */
export function AnnouncementFormDialog({ target, onClose, onSaved }: Props) {
  const editId = target?.mode === 'edit' ? target.id : null;
  const detail = useQuery({
    queryKey: announcementKeys.detail(editId ?? 0),
    queryFn: ({ signal }) => call(announcementEndpoints.detail, { id: editId! }, { signal }),
    enabled: editId !== null,
  });
  if (!target) return null;
  if (target.mode === 'edit' && !detail.data)
    return <LoadingFormDialog title={L.editTitle} testId="announcement-form" onClose={onClose} />;
  return (
    <AnnouncementForm
      key={target.mode === 'edit' ? `edit-${target.id}` : 'create'}
      detail={target.mode === 'edit' ? (detail.data ?? null) : null}
      onClose={onClose}
      onSaved={onSaved}
    />
  );
}

function AnnouncementForm({
  detail,
  onClose,
  onSaved,
}: Omit<Props, 'target'> & { detail: AnnouncementDetail | null }) {
  const options = useQuery({
    queryKey: announcementKeys.addressees(''),
    queryFn: ({ signal }) => call(announcementEndpoints.addressees, {}, { signal }),
    staleTime: 60_000,
  });
  const initialValues: Partial<Values> = detail
    ? {
        title: detail.title,
        content: detail.content,
        groupIds: detail.targets.groups.map((g) => g.id),
        storeIds: detail.targets.stores.map((s) => s.id),
        roleIds: detail.targets.roles.map((r) => r.id),
        publishAt: detail.publishAt ? dayjs(detail.publishAt) : null,
      }
    : { groupIds: [], storeIds: [], roleIds: [], content: '' };
  // A group or role chosen earlier but no longer offered still shows by name.
  const groupOptions = useMemo(
    () => withChosen(options.data?.groups, detail?.targets.groups),
    [options.data, detail],
  );
  const roleOptions = useMemo(
    () => withChosen(options.data?.roles, detail?.targets.roles),
    [options.data, detail],
  );

  return (
    <FormDialog<Values>
      open
      title={detail ? L.editTitle : L.createTitle}
      doneText={detail ? L.saved : L.created}
      testId="announcement-form"
      onClose={onClose}
      onDone={() => undefined}
      initialValues={initialValues}
      schema={detail ? announcementEndpoints.update.request : announcementEndpoints.create.request}
      context={detail ? { id: detail.id } : undefined}
      toInput={announcementInputOf}
      check={(values) =>
        (values.groupIds?.length ?? 0) + (values.storeIds?.length ?? 0) + (values.roleIds?.length ?? 0) === 0
          ? L.targetsRequired
          : null
      }
      submit={async (values) => {
        const input = announcementInputOf(values);
        const saved = detail
          ? await call(announcementEndpoints.update, { id: detail.id, ...input }, { flags: { silent: true } })
          : await call(announcementEndpoints.create, input, { flags: { silent: true } });
        onSaved(saved);
      }}
    >
      <TextField
        name="title"
        label={L.title}
        required={L.titleRequired}
        max={ANNOUNCEMENT_LIMITS.titleMax}
        testId="announcement-form-title"
      />
      <Form.Item
        name="content"
        label={L.content}
        extra={L.contentHint}
        rules={[{ required: true, message: L.contentRequired }]}
      >
        <RichTextEditor testId="announcement-form-content" />
      </Form.Item>
      <Form.Item name="groupIds" label={L.groups}>
        <Select
          mode="multiple"
          allowClear
          options={groupOptions}
          showSearch={{ optionFilterProp: 'label' }}
          data-testid="announcement-form-groups"
        />
      </Form.Item>
      <Form.Item name="storeIds" label={L.stores}>
        <RemoteSelect
          {...storeChoices}
          mode="multiple"
          allowClear
          known={detail?.targets.stores.map(storeChoices.optionOf)}
          placeholder={L.storesPlaceholder}
          testId="announcement-form-stores"
        />
      </Form.Item>
      <Form.Item name="roleIds" label={L.roles} extra={L.targetsHint}>
        <Select
          mode="multiple"
          allowClear
          options={roleOptions}
          showSearch={{ optionFilterProp: 'label' }}
          data-testid="announcement-form-roles"
        />
      </Form.Item>
      <Form.Item name="publishAt" label={L.publishAt} extra={`${L.publishAtHint}。${L.attachmentsHint}`}>
        <DatePicker
          showTime={{ format: 'HH:mm' }}
          format="YYYY-MM-DD HH:mm"
          disabledDate={(day) => day.isBefore(dayjs(), 'day')}
          style={{ width: '100%' }}
          data-testid="announcement-form-publish-at"
        />
      </Form.Item>
    </FormDialog>
  );
}

function withChosen(
  offered: readonly { id: number; name: string }[] | undefined,
  chosen: readonly { id: number; name: string }[] | undefined,
) {
  const all = new Map((offered ?? []).map((o) => [o.id, o]));
  for (const item of chosen ?? []) if (!all.has(item.id)) all.set(item.id, item);
  return [...all.values()].map((o) => ({ value: o.id, label: o.name }));
}

/** Stores of the caller's scope by name or code, searched on the server; picked ones keep their names. */
const storeChoices = {
  queryKey: announcementKeys.addresseeStores,
  fetchPage: (keyword: string | null, _pageNum: number, signal: AbortSignal) =>
    call(announcementEndpoints.addressees, { keyword }, { signal }).then((found) => onlyPage(found.stores)),
  optionOf: (store: AnnouncementStoreRef) => ({ value: store.id, label: `${store.name}（${store.code}）` }),
};
