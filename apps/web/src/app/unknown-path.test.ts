import { authEndpoints } from '@console/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/http';
import { useMenuStore } from '../stores/menu-store';
import { useSessionStore } from '../stores/session-store';
import { answerCalls } from '../test/fake-calls';
import { unknownPathLoader } from './unknown-path';

const api = { call: answerCalls(() => undefined) };

async function targetOf(path: string): Promise<string | null> {
  const request = new Request(`http://localhost${path}?tab=1`);
  const response = await unknownPathLoader({ request, params: {}, context: undefined } as Parameters<
    typeof unknownPathLoader
  >[0]);
  return response?.headers.get('Location') ?? null;
}

afterEach(() => {
  vi.clearAllMocks();
  useSessionStore.setState({ token: null, menusLoaded: false });
  useMenuStore.setState({ menus: [] });
});

describe('unknownPathLoader', () => {
  it('sends a page of the console outside the menu to 403 and any other path to 404', async () => {
    useSessionStore.setState({ token: 'tok', menusLoaded: true });
    api.call.mockResolvedValueOnce({ known: true });
    expect(await targetOf('/system/roles')).toBe('/403');
    expect(api.call).toHaveBeenCalledWith(
      authEndpoints.menuPathKnown,
      { path: '/system/roles' },
      expect.objectContaining({ flags: { silent: true } }),
    );
    api.call.mockResolvedValueOnce({ known: false });
    expect(await targetOf('/nowhere')).toBe('/404');
  });

  it('leaves a visitor without a session, or a menu still loading, to the guard; says 404 when the question fails', async () => {
    expect(await targetOf('/system/roles')).toBeNull();
    // Signed in, the menu still loading: the guard repeats the navigation once the menu's routes exist.
    useSessionStore.setState({ token: 'tok', menusLoaded: false });
    expect(await targetOf('/system/roles')).toBeNull();
    expect(api.call).not.toHaveBeenCalled();
    useSessionStore.setState({ token: 'tok', menusLoaded: true });
    api.call.mockRejectedValueOnce(new ApiError('http', '服务器出错了', { status: 500 }));
    expect(await targetOf('/system/roles')).toBe('/404');
  });

  it('repeats the navigation when the menu that has the page arrived meanwhile, never 403', async () => {
    useSessionStore.setState({ token: 'tok', menusLoaded: true });
    useMenuStore.setState({
      menus: [
        {
          name: 'Audit',
          path: '/audit',
          component: 'Layout',
          hidden: false,
          redirect: null,
          alwaysShow: null,
          meta: { title: '审核任务', icon: null, noCache: true },
          children: [
            {
              name: 'ReviewPending',
              path: 'review-pending',
              component: 'audit/review-pending',
              hidden: false,
              redirect: null,
              alwaysShow: null,
              meta: { title: '待审核', icon: null, noCache: true },
            },
          ],
        },
      ],
    });
    expect(await targetOf('/audit/review-pending')).toBe('/audit/review-pending?tab=1');
    expect(api.call).not.toHaveBeenCalled();
  });
});
