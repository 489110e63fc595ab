import '../test/dom';
import type { MenuNode } from '@console/contract';
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { useMenuStore } from '../stores/menu-store';
import { useSettingsStore } from '../stores/settings-store';
import { SidebarMenu } from './sidebar-menu';

const page = (name: string, path: string, title: string): MenuNode => ({
  name,
  path,
  component: `system/${name}`,
  hidden: false,
  redirect: null,
  alwaysShow: null,
  meta: { title, icon: null, noCache: true },
});
const container = (name: string, path: string, title: string, children: MenuNode[]): MenuNode => ({
  ...page(name, path, title),
  component: 'Layout',
  alwaysShow: true,
  children,
});
/** A fresh copy each call, as a reload of the menu from the server gives. */
const serverMenu = (): MenuNode[] => [
  container('System', '/system', '系统工具', [
    page('User', 'user', '用户管理'),
    container('Monitor', 'monitor', '系统监控', [page('Server', 'server', '服务监控')]),
  ]),
];

afterEach(() => {
  cleanup();
  useMenuStore.setState({ menus: [] });
});

describe('SidebarMenu', () => {
  it('keeps the sub-menus the user opened when the menu reloads in the background on the same page', async () => {
    useSettingsStore.getState().setToggle('uniqueOpened', true);
    useMenuStore.setState({ menus: serverMenu() });
    const router = createMemoryRouter([{ path: '*', element: <SidebarMenu /> }], {
      initialEntries: ['/dashboard'],
    });
    render(<RouterProvider router={router} />);
    await userEvent.click(screen.getByText('系统工具'));
    await userEvent.click(await screen.findByText('系统监控'));
    expect(await screen.findByText('服务监控')).toBeTruthy();

    act(() => useMenuStore.setState({ menus: serverMenu() }));
    expect(screen.getByText('服务监控')).toBeTruthy();
    expect(screen.getByRole('menuitem', { name: '系统监控' }).getAttribute('aria-expanded')).toBe('true');
  });
});
