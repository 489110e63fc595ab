import {
  MOBILE_PATTERN,
  USER_STORES_MAX,
  userAdminEndpoints,
  type UserDetail,
  type UserFormOptions,
  type UserStoreRef,
} from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { Form, Select } from 'antd';
import { useMemo } from 'react';
import { FormDialog, LoadingFormDialog } from '../../components/form-dialog/form-dialog';
import { onlyPage, RemoteSelect } from '../../components/remote-select';
import { TextField } from '../../components/form-dialog/form-fields';
import { call } from '../../lib/http';
import { USERS_ADMIN_LABELS } from './labels';
import { userAdminKeys } from './user-admin-keys';

const L = USERS_ADMIN_LABELS.form;

type Values = {
  username?: string;
  nickName: string;
  workCode: string;
  phone: string;
  deptId?: number | null;
  roleIds: number[];
  storeCodes: string[];
};

/** Who the dialog is for: a new user, or the id of the one being edited. */
export type UserFormTarget = { mode: 'create' } | { mode: 'edit'; id: number };

type Props = {
  target: UserFormTarget | null;
  options: UserFormOptions | undefined;
  onClose(): void;
  /** After a create: the new user's one-time password, shown once. */
  onCreated(name: string, oneTimePassword: string): void;
  onSaved(): void;
};

/** 新增用户 / 编辑用户: name, account, work code, phone, department, roles (grantable only) and stores. */
export function UserFormDialog({ target, options, onClose, onCreated, onSaved }: Props) {
  const editId = target?.mode === 'edit' ? target.id : null;
  const detail = useQuery({
    queryKey: userAdminKeys.detail(editId ?? 0),
    queryFn: ({ signal }) => call(userAdminEndpoints.detail, { id: editId! }, { signal }),
    enabled: editId !== null,
    gcTime: 0,
  });
  if (!target) return null;
  if (target.mode === 'edit' && !detail.data)
    return <LoadingFormDialog title={L.editTitle} testId="user-form" onClose={onClose} />;
  return (
    <UserForm
      key={target.mode === 'edit' ? `edit-${target.id}` : 'create'}
      detail={target.mode === 'edit' ? (detail.data ?? null) : null}
      options={options}
      onClose={onClose}
      onCreated={onCreated}
      onSaved={onSaved}
    />
  );
}

function UserForm({
  detail,
  options,
  onClose,
  onCreated,
  onSaved,
}: Omit<Props, 'target'> & { detail: UserDetail | null }) {
  const editing = detail !== null;
  const initialValues: Partial<Values> = detail
    ? {
        nickName: detail.nickName,
        workCode: detail.workCode,
        phone: detail.phone,
        deptId: detail.deptId,
        roleIds: detail.roles.map((r) => r.id),
        storeCodes: detail.stores.map((s) => s.shopCode),
      }
    : { roleIds: [], storeCodes: [] };
  // A role the user holds but the caller may not grant still shows by name (the server keeps it as it is).
  const roleOptions = useMemo(() => {
    const offered = new Map((options?.roles ?? []).map((r) => [r.id, r]));
    for (const role of detail?.roles ?? []) if (!offered.has(role.id)) offered.set(role.id, role);
    return [...offered.values()].map((r) => ({ value: r.id, label: r.name }));
  }, [options, detail]);

  return (
    <FormDialog<Values>
      open
      title={editing ? L.editTitle : L.createTitle}
      doneText={editing ? L.saved : L.created}
      testId="user-form"
      onClose={onClose}
      onDone={() => undefined}
      initialValues={initialValues}
      schema={editing ? userAdminEndpoints.update.request : userAdminEndpoints.create.request}
      context={detail ? { id: detail.id } : undefined}
      submit={async (values) => {
        const body = {
          nickName: values.nickName.trim(),
          workCode: values.workCode.trim(),
          phone: values.phone.trim(),
          deptId: values.deptId ?? null,
          roleIds: values.roleIds,
          storeCodes: values.storeCodes,
        };
        if (detail) {
          await call(userAdminEndpoints.update, { id: detail.id, ...body }, { flags: { silent: true } });
          onSaved();
        } else {
          const created = await call(
            userAdminEndpoints.create,
            { username: (values.username ?? '').trim(), ...body },
            { flags: { silent: true } },
          );
          onSaved();
          onCreated(body.nickName, created.oneTimePassword);
        }
      }}
    >
      {editing ? null : (
        <TextField
          name="username"
          label={L.username}
          required={L.usernameRequired}
          max={32}
          placeholder={L.usernamePlaceholder}
          testId="user-form-username"
        />
      )}
      <TextField
        name="nickName"
        label={L.nickName}
        required={L.nickNameRequired}
        max={32}
        testId="user-form-name"
      />
      <TextField
        name="workCode"
        label={L.workCode}
        required={L.workCodeRequired}
        max={32}
        testId="user-form-work-code"
      />
      <TextField
        name="phone"
        label={L.phone}
        required={L.phoneRequired}
        max={11}
        code="digits"
        pattern={{ regex: MOBILE_PATTERN, message: '请输入正确的手机号' }}
        testId="user-form-phone"
      />
      <Form.Item name="deptId" label={L.department}>
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={L.departmentPlaceholder}
          options={(options?.departments ?? []).map((d) => ({ value: d.id, label: d.name }))}
          data-testid="user-form-department"
        />
      </Form.Item>
      <Form.Item name="roleIds" label={L.roles} rules={[{ required: true, message: L.rolesRequired }]}>
        <Select
          mode="multiple"
          placeholder={L.rolesPlaceholder}
          options={roleOptions}
          showSearch={{ optionFilterProp: 'label' }}
          data-testid="user-form-roles"
        />
      </Form.Item>
      <Form.Item name="storeCodes" label={L.stores} extra={L.storesHint}>
        <RemoteSelect
          {...storeChoices}
          mode="multiple"
          maxCount={USER_STORES_MAX}
          known={detail?.stores.map(storeChoices.optionOf)}
          placeholder={L.storesPlaceholder}
          testId="user-form-stores"
        />
      </Form.Item>
    </FormDialog>
  );
}

/** Stores by code or name, searched on the server (only those the caller may assign); picked ones keep their names. */
const storeChoices = {
  queryKey: userAdminKeys.storeOptions,
  fetchPage: (keyword: string | null, _pageNum: number, signal: AbortSignal) =>
    call(userAdminEndpoints.storeOptions, { keyword }, { signal }).then(onlyPage),
  optionOf: (store: UserStoreRef) => ({
    value: store.shopCode,
    label: `${store.shopName}（${store.shopCode}）`,
  }),
};
