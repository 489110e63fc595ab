import { describe, expect, it, vi } from 'vitest';
import { createGuard, REFRESH_ON_NAVIGATION_MS, type GuardDeps } from './guard';

type Session = ReturnType<GuardDeps['session']>;

function setup(session: Partial<Session>, overrides: Partial<GuardDeps> = {}) {
  const state: Session = { token: 'tok', roles: ['admin'], menusLoaded: true, ...session };
  const deps: GuardDeps = {
    session: () => state,
    loadUserInfo: vi.fn(() => {
      state.roles = ['admin'];
      return Promise.resolve();
    }),
    onUserInfoFailed: vi.fn(() => Promise.resolve()),
    loadMenus: vi.fn(() => {
      state.menusLoaded = true;
      return Promise.resolve(true);
    }),
    ...overrides,
  };
  const guard = createGuard(deps);
  const run = (path: string) =>
    guard({ request: new Request(`http://localhost${path}`), params: {}, context: undefined } as Parameters<
      typeof guard
    >[0]);
  return { deps, run };
}

async function redirectOf(result: Promise<unknown>): Promise<string | null> {
  try {
    await result;
    return null;
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    return thrown.headers.get('Location');
  }
}

describe('without a token', () => {
  it.each(['/login', '/403', '/404', '/500', '/repair'])('lets %s through', async (path) => {
    expect(await redirectOf(setup({ token: null }).run(path))).toBeNull();
  });

  it.each(['/dashboard', '/401', '/order/list?status=1', '/redirect/dashboard'])(
    'sends %s to the login page with the full path',
    async (path) => {
      expect(await redirectOf(setup({ token: null }).run(path))).toBe(
        `/login?redirect=${encodeURIComponent(path)}`,
      );
    },
  );
});

describe('with a token', () => {
  it('sends /login home', async () => {
    expect(await redirectOf(setup({}).run('/login?redirect=/x'))).toBe('/');
  });

  it('passes a signed-in user with menus', async () => {
    const { run, deps } = setup({});
    expect(await redirectOf(run('/dashboard'))).toBeNull();
    expect(deps.loadUserInfo).not.toHaveBeenCalled();
    expect(deps.loadMenus).not.toHaveBeenCalled();
  });

  it('asks for permissions and menu older than the navigation limit to be reloaded in the background', async () => {
    const refreshIfOlder = vi.fn();
    const { run } = setup({}, { refreshIfOlder });
    expect(await redirectOf(run('/system/roles'))).toBeNull();
    expect(refreshIfOlder).toHaveBeenCalledWith(REFRESH_ON_NAVIGATION_MS);
  });

  it('fetches user info when roles are empty', async () => {
    const { run, deps } = setup({ roles: [] });
    expect(await redirectOf(run('/dashboard'))).toBeNull();
    expect(deps.loadUserInfo).toHaveBeenCalledTimes(1);
  });

  it('hands a user-info failure over and goes no further', async () => {
    const { run, deps } = setup(
      { roles: [], menusLoaded: false },
      { loadUserInfo: vi.fn(() => Promise.reject(new Error('401'))) },
    );
    expect(await redirectOf(run('/dashboard'))).toBeNull();
    expect(deps.onUserInfoFailed).toHaveBeenCalledTimes(1);
    expect(deps.loadMenus).not.toHaveBeenCalled();
  });

  it('loads the menu once, then repeats the navigation', async () => {
    const { run, deps } = setup({ roles: [], menusLoaded: false });
    expect(await redirectOf(run('/order/list?page=2'))).toBe('/order/list?page=2');
    expect(await redirectOf(run('/order/list?page=2'))).toBeNull();
    expect(deps.loadMenus).toHaveBeenCalledTimes(1);
  });

  it('sends the menu request before the user info has come back on a first visit', async () => {
    const order: string[] = [];
    let answerUserInfo = () => {};
    const { run } = setup(
      { roles: [], menusLoaded: false },
      {
        prefetchMenus: vi.fn(() => order.push('menus sent')),
        loadUserInfo: vi.fn(() => {
          order.push('user info sent');
          return new Promise<void>((resolve) => (answerUserInfo = resolve));
        }),
      },
    );
    const navigation = redirectOf(run('/dashboard'));
    await Promise.resolve();
    expect(order).toEqual(['menus sent', 'user info sent']);
    answerUserInfo();
    expect(await navigation).toBe('/dashboard');
  });

  it('prefetches no menu it already has', async () => {
    const prefetchMenus = vi.fn();
    const { run } = setup({ roles: [] }, { prefetchMenus });
    await run('/dashboard');
    expect(prefetchMenus).not.toHaveBeenCalled();
  });

  it('prefetches the start-up once the first user info is in', async () => {
    const order: string[] = [];
    const { run } = setup(
      { roles: [], menusLoaded: false },
      {
        loadUserInfo: vi.fn(() => {
          order.push('user info');
          return Promise.resolve();
        }),
        prefetchStartup: vi.fn(() => order.push('start-up sent')),
        loadMenus: vi.fn(() => {
          order.push('menus');
          return Promise.resolve(true);
        }),
      },
    );
    await redirectOf(run('/dashboard'));
    expect(order).toEqual(['user info', 'start-up sent', 'menus']);
  });

  it('prefetches no start-up for a session already known, nor after a failed user info', async () => {
    const prefetchStartup = vi.fn();
    await setup({ roles: ['admin'] }, { prefetchStartup }).run('/dashboard');
    await setup(
      { roles: [] },
      { prefetchStartup, loadUserInfo: vi.fn(() => Promise.reject(new Error('down'))) },
    ).run('/dashboard');
    expect(prefetchStartup).not.toHaveBeenCalled();
  });

  it('carries on with the static routes when the menu fails', async () => {
    const { run } = setup({ menusLoaded: false }, { loadMenus: vi.fn(() => Promise.resolve(false)) });
    expect(await redirectOf(run('/dashboard'))).toBeNull();
  });

  it('shows error pages without loading anything', async () => {
    const { run, deps } = setup({ roles: [], menusLoaded: false });
    expect(await redirectOf(run('/500'))).toBeNull();
    expect(deps.loadUserInfo).not.toHaveBeenCalled();
    expect(deps.loadMenus).not.toHaveBeenCalled();
  });

  it('guards /401 like any page', async () => {
    const { run, deps } = setup({ roles: [] });
    expect(await redirectOf(run('/401'))).toBeNull();
    expect(deps.loadUserInfo).toHaveBeenCalledTimes(1);
  });
});
