import '../test/dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RemoteSelect, type RemotePage } from './remote-select';

afterEach(cleanup);

type Group = { id: number; name: string };
const page = (list: Group[], pageNum = 1, total = list.length): RemotePage<Group> => ({
  list,
  total,
  pageNum,
  pageSize: 2,
});

function renderSelect(fetchPage: (keyword: string | null, pageNum: number) => Promise<RemotePage<Group>>) {
  const onChange = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RemoteSelect
        queryKey={['test-groups']}
        fetchPage={fetchPage}
        optionOf={(g: Group) => ({ value: g.id, label: g.name })}
        known={[{ value: 150, label: '分组150' }]}
        value={150}
        onChange={onChange}
        testId="groups"
      />
    </QueryClientProvider>,
  );
  return onChange;
}

describe('<RemoteSelect> (one value)', () => {
  it('names the chosen value from `known` though no loaded page has it', async () => {
    const fetchPage = vi.fn(async () => page([{ id: 1, name: '华北一区' }], 1, 200));
    renderSelect(fetchPage);
    expect(await screen.findByText('分组150')).not.toBeNull();
  });

  it('searches on the server as the user types and hands back the picked id', async () => {
    const fetchPage = vi.fn(async (keyword: string | null) =>
      keyword ? page([{ id: 118, name: '分组118' }]) : page([{ id: 1, name: '华北一区' }], 1, 200),
    );
    const onChange = renderSelect(fetchPage);
    await userEvent.click(screen.getByRole('combobox'));
    await userEvent.type(screen.getByRole('combobox'), '分组118');
    await waitFor(() => expect(fetchPage).toHaveBeenCalledWith('分组118', 1, expect.anything()));
    await userEvent.click(await screen.findByTitle('分组118'));
    expect(onChange).toHaveBeenCalledWith(118);
  });
});
