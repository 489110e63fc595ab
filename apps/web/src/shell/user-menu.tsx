import { DownOutlined, LayoutOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Dropdown, type MenuProps } from 'antd';
import { useNavigate } from 'react-router';
import { notify } from '../lib/notify';
import { useSessionStore } from '../stores/session-store';
import { useSettingsStore } from '../stores/settings-store';
import styles from './shell.module.css';
import { SHELL_LABELS } from './labels';

async function confirmLogout() {
  const confirmed = await notify.confirm({
    title: SHELL_LABELS.logoutConfirmTitle,
    content: SHELL_LABELS.logoutConfirmText,
  });
  if (!confirmed) return;
  await useSessionStore.getState().logout();
  window.location.reload();
}

/** Only a remote image is trusted as an avatar; anything else shows the default icon (spec 2.8). */
export function avatarSrc(avatarPath: string | undefined): string | undefined {
  return avatarPath?.startsWith('http') ? avatarPath : undefined;
}

/** Avatar and name with 个人中心, 布局设置 and 退出登录 (spec 2.8). */
export function UserMenu() {
  const user = useSessionStore((state) => state.user);
  const navigate = useNavigate();

  const items: MenuProps['items'] = [
    {
      key: 'center',
      icon: <UserOutlined />,
      label: <span data-testid="menu-user-center">{SHELL_LABELS.personalCenter}</span>,
    },
    {
      key: 'settings',
      icon: <LayoutOutlined />,
      label: <span data-testid="menu-layout-settings">{SHELL_LABELS.layoutSettings}</span>,
    },
    { type: 'divider' },
    {
      key: 'logout',
      icon: <LogoutOutlined />,
      label: <span data-testid="menu-logout">{SHELL_LABELS.logout}</span>,
    },
  ];
  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'center') void navigate('/user/center');
    if (key === 'settings') useSettingsStore.getState().setShowSettings(true);
    if (key === 'logout') void confirmLogout();
  };

  return (
    <Dropdown menu={{ items, onClick }} trigger={['click']} placement="bottomRight">
      <button type="button" className={styles.user} data-testid="user-menu">
        <Avatar size={28} src={avatarSrc(user?.avatarPath)} icon={<UserOutlined />} />
        <span className={styles.userName}>{user?.nickName || user?.username}</span>
        <DownOutlined className={styles.userCaret} />
      </button>
    </Dropdown>
  );
}
