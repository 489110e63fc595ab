import {
  Alert,
  Button,
  Card,
  Descriptions,
  Skeleton,
  Space,
  Tabs,
  Tag,
  Tooltip,
  type DescriptionsProps,
} from 'antd';
import dayjs from 'dayjs';
import { useSessionStore } from '../../stores/session-store';
import { AvatarUpload } from './avatar-upload';
import { USER_LABELS } from './labels';
import { PasswordForm } from './password-form';
import { useProfile } from './profile-api';
import { ProfileForm } from './profile-form';
import styles from './user-center-page.module.css';

/** Admins hold dozens of permissions; the card lists a few and the rest on hover. */
const ROLES_SHOWN = 8;

/** 个人中心: the caller's card with avatar, and tabs to edit the profile or change the password. */
export function UserCenterPage() {
  const user = useSessionStore((state) => state.user);
  const roles = useSessionStore((state) => state.roles);
  const profile = useProfile();
  const text = (value: string | null | undefined) => value || USER_LABELS.none;
  const data = profile.data;

  const items: DescriptionsProps['items'] = [
    { key: 'username', label: USER_LABELS.username, children: text(data?.username ?? user?.username) },
    { key: 'workCode', label: USER_LABELS.workCode, children: text(data?.workCode ?? user?.workCode) },
    { key: 'phone', label: USER_LABELS.phone, children: text(data?.phone ?? user?.phone) },
    { key: 'dept', label: USER_LABELS.dept, children: text(data?.deptName) },
    {
      key: 'passwordChangedAt',
      label: USER_LABELS.passwordChangedAt,
      children: data ? dayjs(data.passwordChangedAt).format('YYYY-MM-DD HH:mm') : USER_LABELS.none,
    },
    {
      key: 'roles',
      label: USER_LABELS.roles,
      children: (
        <Space size={[4, 4]} wrap>
          {roles.slice(0, ROLES_SHOWN).map((role) => (
            <Tag key={role}>{role}</Tag>
          ))}
          {roles.length > ROLES_SHOWN ? (
            <Tooltip title={roles.slice(ROLES_SHOWN).join('、')}>
              <Tag>{USER_LABELS.moreRoles(roles.length - ROLES_SHOWN)}</Tag>
            </Tooltip>
          ) : null}
        </Space>
      ),
    },
  ];

  let editor;
  if (profile.isError && !data) {
    editor = (
      <Alert
        type="error"
        showIcon
        title={USER_LABELS.loadFailed}
        action={
          <Button size="small" onClick={() => void profile.refetch()}>
            {USER_LABELS.retry}
          </Button>
        }
      />
    );
  } else if (!data) {
    editor = <Skeleton active paragraph={{ rows: 4 }} />;
  } else {
    editor = (
      <Tabs
        items={[
          {
            key: 'profile',
            label: USER_LABELS.tabs.profile,
            children: <ProfileForm key={`${data.nickName}|${data.phone}`} profile={data} />,
          },
          { key: 'password', label: USER_LABELS.tabs.password, children: <PasswordForm /> },
        ]}
      />
    );
  }

  return (
    <div className={styles.layout} data-testid="user-center">
      <Card title={USER_LABELS.title} className={styles.side}>
        <div className={styles.header}>
          <AvatarUpload avatarPath={user?.avatarPath} />
          <p className={styles.name}>{text(user?.nickName)}</p>
        </div>
        <Descriptions column={1} size="small" items={items} />
      </Card>
      <Card className={styles.main}>{editor}</Card>
    </div>
  );
}
