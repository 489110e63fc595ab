import { UserOutlined } from '@ant-design/icons';
import { Avatar, Card, Descriptions, Space, Tag, type DescriptionsProps } from 'antd';
import { useSessionStore } from '../../stores/session-store';
import { USER_LABELS } from './labels';
import styles from './user-center-page.module.css';

/** 个人中心: the signed-in user's own fields (spec 3, User). */
export function UserCenterPage() {
  const user = useSessionStore((state) => state.user);
  const roles = useSessionStore((state) => state.roles);
  // Only a remote image is trusted as an avatar (spec 2.8).
  const avatar = user?.avatarPath.startsWith('http') ? user.avatarPath : undefined;
  const text = (value: string | undefined) => value || USER_LABELS.none;

  const items: DescriptionsProps['items'] = [
    { key: 'username', label: USER_LABELS.username, children: text(user?.username) },
    { key: 'nickName', label: USER_LABELS.nickName, children: text(user?.nickName) },
    { key: 'workCode', label: USER_LABELS.workCode, children: text(user?.workCode) },
    { key: 'phone', label: USER_LABELS.phone, children: text(user?.phone) },
    {
      key: 'roles',
      label: USER_LABELS.roles,
      span: 'filled',
      children: (
        <Space size={[4, 4]} wrap>
          {roles.map((role) => (
            <Tag key={role}>{role}</Tag>
          ))}
        </Space>
      ),
    },
  ];

  return (
    <Card title={USER_LABELS.title} data-testid="user-center">
      <div className={styles.header}>
        <Avatar size={64} src={avatar} icon={<UserOutlined />} />
        <div>
          <p className={styles.name}>{text(user?.nickName)}</p>
          <p className={styles.account}>{text(user?.username)}</p>
        </div>
      </div>
      <Descriptions bordered column={{ xs: 1, md: 2 }} items={items} />
    </Card>
  );
}
