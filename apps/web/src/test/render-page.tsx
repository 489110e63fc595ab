import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';

function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}

/** Renders a routed page at `url` with a fresh query client (no retries) and the location beside it. */
export function renderPage(url: string, page: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        {page}
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return client;
}

/** The location the page has navigated to: path and search. */
export const where = () => screen.getByTestId('where').textContent;
