import '../../test/dom';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/http';
import { ReasonDialog } from './reason-dialog';
import { spyNotify } from '../../test/fake-calls';

const notify = spyNotify();

function renderDialog(submit: (reason: string) => Promise<unknown>, onDone = vi.fn()) {
  render(
    <ReasonDialog
      title="取消订单"
      doneText="订单已取消"
      okText="取消订单"
      testId="why-dialog"
      reasonTestId="why-reason"
      labels={{ reason: '取消原因', reasonRequired: '请填写取消原因', reasonPlaceholder: '例如：缺货' }}
      reasonMax={200}
      warning="取消后不能恢复"
      submit={submit}
      onClose={vi.fn()}
      onDone={onDone}
    />,
  );
}

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('ReasonDialog', { timeout: 30_000 }, () => {
  it('requires a reason and submits it trimmed', async () => {
    const submit = vi.fn(() => Promise.resolve());
    const onDone = vi.fn();
    renderDialog(submit, onDone);
    expect(screen.getByText('取消后不能恢复')).toBeTruthy();
    await userEvent.click(screen.getByTestId('why-dialog-ok'));
    expect(await screen.findByText('请填写取消原因')).toBeTruthy();
    expect(submit).not.toHaveBeenCalled();
    await userEvent.type(screen.getByTestId('why-reason'), '  顾客改主意  ');
    await userEvent.click(screen.getByTestId('why-dialog-ok'));
    await waitFor(() => expect(submit).toHaveBeenCalledWith('顾客改主意'));
    expect(notify.success).toHaveBeenCalledWith('订单已取消');
    expect(onDone).toHaveBeenCalled();
  });

  it('keeps the server refusal inside the dialog', async () => {
    renderDialog(() => Promise.reject(new ApiError('business', '订单已确认，不能取消', { status: 409 })));
    await userEvent.type(screen.getByTestId('why-reason'), '缺货');
    await userEvent.click(screen.getByTestId('why-dialog-ok'));
    expect(await screen.findByTestId('why-dialog-error')).toHaveProperty(
      'textContent',
      expect.stringContaining('订单已确认，不能取消'),
    );
  });
});
