import '../test/dom';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useTagsStore } from '../stores/tags-store';
import { TagsBar } from './tags-bar';

const views = Array.from({ length: 12 }, (_, i) => ({
  path: `/page-${i}`,
  fullPath: `/page-${i}`,
  title: `页面${i}`,
}));

/** jsdom lays nothing out: the strip is made as wide as the test says. */
function stripWidths(scrollWidth: number, clientWidth: number) {
  vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(scrollWidth);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(clientWidth);
}

function renderBar() {
  useTagsStore.setState({ visitedViews: views });
  const router = createMemoryRouter([{ path: '*', element: <TagsBar /> }], { initialEntries: ['/'] });
  render(<RouterProvider router={router} />);
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  // jsdom has no scrollBy: the one a test put there goes with it.
  delete (HTMLElement.prototype as Partial<HTMLElement>).scrollBy;
});

describe('TagsBar', () => {
  it('shows scroll arrows when the tabs overflow, each scrolling the strip its way', async () => {
    stripWidths(2400, 800);
    const scrollBy = vi.fn();
    HTMLElement.prototype.scrollBy = scrollBy;
    renderBar();
    await userEvent.click(screen.getByTestId('tags-scroll-right'));
    expect(scrollBy).toHaveBeenLastCalledWith({ left: 240, behavior: 'smooth' });
    await userEvent.click(screen.getByRole('button', { name: '向左滚动标签' }));
    expect(scrollBy).toHaveBeenLastCalledWith({ left: -240, behavior: 'smooth' });
  });

  it('shows no arrows while every tab fits', () => {
    stripWidths(600, 800);
    renderBar();
    expect(screen.getAllByTestId('tag')).toHaveLength(12);
    expect(screen.queryByTestId('tags-scroll-left')).toBeNull();
    expect(screen.queryByTestId('tags-scroll-right')).toBeNull();
  });
});
