import type { AuthOpenUserInfo } from '@console/contract';
import { Descriptions, Space, Tag } from 'antd';
import { AUTH_OPEN_LABELS } from './labels';

const L = AUTH_OPEN_LABELS.user;

function tags(values: string[]) {
  if (!values.length) return L.none;
  return (
    <Space size={[4, 4]} wrap>
      {values.map((value) => (
        <Tag key={value}>{value}</Tag>
      ))}
    </Space>
  );
}

/** The looked-up user: who they are, where they work already and what is waiting for their answer. */
export function UserSummary({ user }: { user: AuthOpenUserInfo }) {
  return (
    <Descriptions
      size="small"
      bordered
      column={{ xs: 1, md: 2 }}
      data-testid="auth-open-user"
      items={[
        { key: 'name', label: L.name, children: user.nickName },
        { key: 'workCode', label: L.workCode, children: user.workCode },
        { key: 'phone', label: L.phone, children: user.phone || L.none },
        {
          key: 'status',
          label: L.status,
          children: user.enabled ? (
            <Tag color="success">{L.enabled}</Tag>
          ) : (
            <Tag color="error">{L.disabled}</Tag>
          ),
        },
        {
          key: 'stores',
          label: L.stores,
          span: 'filled',
          children: tags(user.stores.map((s) => `${s.shopCode} ${s.shopName}`)),
        },
        { key: 'roles', label: L.roles, span: 'filled', children: tags(user.roles.map((r) => r.roleName)) },
        {
          key: 'pending',
          label: L.pending,
          span: 'filled',
          children: tags(user.pending.map((r) => `${r.shopCode} ${r.shopName}`)),
        },
      ]}
    />
  );
}
