import {
  AUTH_OPEN_STORES_MAX,
  isStoreCode,
  type AuthOpenUserInfo,
  type ConfirmOpenBody,
} from '@console/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Button, Form, Input, Select } from 'antd';
import { useState } from 'react';
import { COMMON_LABELS } from '../../components/labels';
import { notify } from '../../lib/notify';
import { authOpenApi } from './auth-open-api';
import { AUTH_OPEN_LABELS } from './labels';
import { openResultMessages, storeOptions } from './open-result';
import { useDebouncedValue } from '../../lib/use-debounced-value';

const L = AUTH_OPEN_LABELS.open;
type Values = { storeCodes: string[]; roleId?: number; remark?: string };

/** Pick stores (searchable, or typed codes) and an optional role, then open them for the user. */
export function OpenStoresForm({ user, onOpened }: { user: AuthOpenUserInfo; onOpened: () => void }) {
  const [form] = Form.useForm<Values>();
  const [keyword, setKeyword] = useState('');
  const search = useDebouncedValue(keyword.trim(), 300);
  const stores = useQuery({
    queryKey: ['auth-open', 'stores', search],
    queryFn: ({ signal }) => authOpenApi.stores(search, signal),
    staleTime: 60_000,
  });
  const roles = useQuery({
    queryKey: ['auth-open', 'roles'],
    queryFn: authOpenApi.roles,
    staleTime: 300_000,
  });
  const open = useMutation({
    mutationFn: (body: ConfirmOpenBody) => authOpenApi.open(body),
    onSuccess: (result) => {
      const { success, notes } = openResultMessages(result);
      if (success) notify.success(success);
      for (const note of notes) notify.warning(note);
      form.resetFields();
      onOpened();
    },
  });

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      disabled={!user.enabled}
      style={{ maxWidth: 640 }}
      onFinish={(values) =>
        open.mutate({
          userId: user.userId,
          storeCodes: values.storeCodes,
          roleId: values.roleId ?? null,
          remark: values.remark?.trim() || undefined,
        })
      }
    >
      <Form.Item
        name="storeCodes"
        label={L.stores}
        rules={[
          { required: true, message: L.storesRequired },
          { type: 'array', max: AUTH_OPEN_STORES_MAX, message: L.tooMany(AUTH_OPEN_STORES_MAX) },
          {
            validator: async (_, codes: string[] | undefined) => {
              const bad = (codes ?? []).filter((code) => !isStoreCode(code));
              if (bad.length) throw new Error(L.badCodes(bad.join('、')));
            },
          },
        ]}
      >
        <Select
          mode="tags"
          data-testid="auth-open-stores"
          placeholder={L.storesPlaceholder}
          options={storeOptions(stores.data)}
          loading={stores.isFetching}
          notFoundContent={stores.isFetching ? COMMON_LABELS.loading : AUTH_OPEN_LABELS.user.none}
          filterOption={false}
          onSearch={setKeyword}
          onBlur={() => setKeyword('')}
          tokenSeparators={['、', ',', '，', ' ']}
          maxTagCount="responsive"
        />
      </Form.Item>
      <Form.Item name="roleId" label={L.role}>
        <Select
          allowClear
          placeholder={L.rolePlaceholder}
          loading={roles.isLoading}
          options={(roles.data ?? []).map((role) => ({ value: role.id, label: role.name }))}
        />
      </Form.Item>
      <Form.Item name="remark" label={L.remark}>
        <Input maxLength={200} placeholder={L.remarkPlaceholder} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={open.isPending} data-testid="auth-open-submit">
        {L.submit}
      </Button>
    </Form>
  );
}
