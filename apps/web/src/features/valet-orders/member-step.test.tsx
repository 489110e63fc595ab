import '../../test/dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/http';
import { member } from './test-fixtures';
import { MemberStep } from './member-step';
import { stubMethods } from '../../test/fake-calls';
import { valetApi } from './valet-api';

const api = stubMethods(valetApi, { searchMembers: vi.fn(), addTemporaryMember: vi.fn() });

function renderStep(onSelect = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemberStep storeCode="S0001" selected={null} onSelect={onSelect} />
    </QueryClientProvider>,
  );
  return onSelect;
}

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('MemberStep', { timeout: 30_000 }, () => {
  it('searches on Enter and selects the chosen member', async () => {
    api.searchMembers.mockResolvedValue([
      member(),
      member({ memberId: 'c0ffee00member0000000000000000008', name: '李雷', temporary: true }),
    ]);
    const onSelect = renderStep();
    const input = within(screen.getByTestId('member-search')).getByRole('searchbox');
    await userEvent.type(input, ' 1370000 {Enter}');
    const options = await screen.findAllByTestId('member-option');
    expect(api.searchMembers).toHaveBeenCalledWith('S0001', '1370000', expect.anything());
    expect(options).toHaveLength(2);
    expect(within(options[1]!).getByText('临时会员')).toBeTruthy();
    await userEvent.click(within(options[0]!).getByTestId('member-choose'));
    expect(onSelect).toHaveBeenCalledWith(
      expect.objectContaining({ memberId: 'c0ffee00member0000000000000000007', name: '王丽华' }),
    );
  });

  it('says so when nobody matches', async () => {
    api.searchMembers.mockResolvedValue([]);
    renderStep();
    await userEvent.type(within(screen.getByTestId('member-search')).getByRole('searchbox'), '张三{Enter}');
    expect(await screen.findByText('没有找到会员，可新建临时会员')).toBeTruthy();
  });

  it('checks the phone of a temporary member, then creates and selects it', async () => {
    api.addTemporaryMember.mockResolvedValue(
      member({ memberId: 'c0ffee00member0000000000000000099', name: '赵敏', temporary: true }),
    );
    const onSelect = renderStep();
    await userEvent.type(screen.getByTestId('temporary-phone'), '1380000');
    await userEvent.type(screen.getByTestId('temporary-name'), '赵敏');
    await userEvent.click(screen.getByTestId('temporary-add'));
    expect(await screen.findByText('手机号格式不正确')).toBeTruthy();
    expect(api.addTemporaryMember).not.toHaveBeenCalled();
    await userEvent.type(screen.getByTestId('temporary-phone'), '0001');
    await userEvent.click(screen.getByTestId('temporary-add'));
    await vi.waitFor(() =>
      expect(onSelect).toHaveBeenCalledWith(
        expect.objectContaining({ memberId: 'c0ffee00member0000000000000000099' }),
      ),
    );
    expect(api.addTemporaryMember).toHaveBeenCalledWith('S0001', '赵敏', '13800000001');
  });

  it('shows the refusal of a temporary member in place', async () => {
    api.addTemporaryMember.mockRejectedValue(new ApiError('business', '手机号已被占用', { status: 422 }));
    renderStep();
    await userEvent.type(screen.getByTestId('temporary-phone'), '13800000001');
    await userEvent.type(screen.getByTestId('temporary-name'), '赵敏');
    await userEvent.click(screen.getByTestId('temporary-add'));
    expect(await screen.findByText('手机号已被占用')).toBeTruthy();
  });
});
