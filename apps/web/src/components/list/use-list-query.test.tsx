import '../../test/dom';
import { act, cleanup, render, renderHook, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { createMemoryRouter, MemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { urlField } from './list-query';
import { useListQuery } from './use-list-query';

const shape = {
  status: urlField.oneOfOr(['all', 'open'], 'all'),
  pageNum: urlField.pageNum(),
  pageSize: urlField.pageSize([10, 20], 10),
  id: urlField.recordId(),
};

function setup(search: string) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[`/list${search}`]}>{children}</MemoryRouter>
  );
  return renderHook(() => ({ list: useListQuery(shape), location: useLocation() }), { wrapper });
}

/** As react-router/dom's RouterProvider (which the app uses) renders: with ReactDOM's flushSync. */
function renderRouter(router: ReturnType<typeof createMemoryRouter>) {
  render(
    <RouterProvider
      router={router}
      flushSync={(update) => {
        flushSync(update);
      }}
    />,
  );
}

afterEach(cleanup);

describe('useListQuery', () => {
  it('opens a record over the list without leaving the page, and closes it on a filter change', () => {
    const { result } = setup('?pageNum=3');
    expect(result.current.list.hrefOf({ id: 7 })).toBe('?pageNum=3&id=7');
    act(() => result.current.list.setQuery({ id: 7 }));
    expect(result.current.location.search).toBe('?pageNum=3&id=7');
    expect(result.current.list.filtered).toBe(false);
    act(() => result.current.list.setQuery({ status: 'open' }));
    expect(result.current.location.search).toBe('?status=open');
    act(() => result.current.list.setQuery({ pageNum: 2, id: 4 }));
    act(() => result.current.list.setQuery({ pageSize: 20 }));
    expect(result.current.location.search).toBe('?status=open&pageSize=20');
  });

  it('reads a bad id as none', () => {
    expect(setup('?id=-1').result.current.list.query.id).toBeUndefined();
  });

  it('renders the new query with the URL, so a filter set right after another keeps both', async () => {
    let list: ReturnType<typeof useListQuery<typeof shape>> | undefined;
    function Page() {
      list = useListQuery(shape);
      return <output data-testid="status">{list.query.status}</output>;
    }
    const router = createMemoryRouter([{ path: '/list', element: <Page /> }], { initialEntries: ['/list'] });
    renderRouter(router);
    // What a person sees when the URL has changed: a handler running now uses the page as rendered.
    const renderedAtUrlChange: string[] = [];
    router.subscribe(() => renderedAtUrlChange.push(screen.getByTestId('status').textContent ?? ''));
    await act(async () => list!.setQuery({ status: 'open' }));
    expect(renderedAtUrlChange[0]).toBe('open');
    await act(async () => list!.setQuery({ pageSize: 20 }));
    expect(router.state.location.search).toBe('?status=open&pageSize=20');
  });

  it('starts a change made while the last one is still navigating from that one, not from the page as drawn', async () => {
    let list: ReturnType<typeof useListQuery<typeof shape>> | undefined;
    function Page() {
      list = useListQuery(shape);
      return null;
    }
    // The app's guard runs as a loader on every navigation, so the URL and the page change only after it.
    let releaseGuard = () => {};
    const router = createMemoryRouter(
      [
        {
          path: '/list',
          element: <Page />,
          loader: () => new Promise<null>((done) => (releaseGuard = () => done(null))),
        },
      ],
      { initialEntries: ['/list'], hydrationData: { loaderData: { '0': null } } },
    );
    renderRouter(router);
    const drawn = list!;
    await act(async () => {
      drawn.setQuery({ status: 'open' });
      await Promise.resolve();
    });
    expect(router.state.location.search).toBe('');
    await act(async () => {
      drawn.setQuery({ pageSize: 20 });
      await Promise.resolve();
      releaseGuard();
    });
    await act(async () => {
      await new Promise((done) => setTimeout(done, 0));
    });
    expect(router.state.location.search).toBe('?status=open&pageSize=20');
    expect(list!.query).toMatchObject({ status: 'open', pageSize: 20 });
  });
});
