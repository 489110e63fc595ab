import '../../test/dom';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form, Input } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../../lib/http';
import { FormDialog, fieldErrorsOf } from './form-dialog';
import { spyNotify } from '../../test/fake-calls';

const notify = spyNotify();

const schema = z.object({
  storeCode: z.string().min(1),
  code: z.string().regex(/^\d{6}$/, '核销码为6位数字'),
});

function renderDialog(submit: (values: { code: string }) => Promise<unknown>, onDone = vi.fn()) {
  render(
    <FormDialog<{ code: string }>
      open
      title="核销"
      doneText="核销成功"
      testId="code-dialog"
      schema={schema}
      context={{ storeCode: 'S0001' }}
      serverField={(error) => (error.errorCode === 'BAD_CODE' ? 'code' : null)}
      submit={submit}
      onClose={vi.fn()}
      onDone={onDone}
      initialValues={{ code: '' }}
    >
      <Form.Item name="code" label="核销码">
        <Input data-testid="code" />
      </Form.Item>
    </FormDialog>,
  );
}

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('fieldErrorsOf', () => {
  it('keeps the first message of each form field', () => {
    expect(
      fieldErrorsOf(
        [
          { path: ['code'], message: 'a' },
          { path: ['code'], message: 'b' },
          { path: ['storeCode'], message: 'c' },
        ],
        ['code'],
      ),
    ).toEqual([{ name: ['code'], errors: ['a'] }]);
  });
});

describe('FormDialog', { timeout: 30_000 }, () => {
  it('shows the schema message under the field and does not submit', async () => {
    const submit = vi.fn();
    renderDialog(submit);
    await userEvent.type(screen.getByTestId('code'), '12{Enter}');
    expect(await screen.findByText('核销码为6位数字')).toBeTruthy();
    expect(submit).not.toHaveBeenCalled();
  });

  it('puts a server refusal under its field, and succeeds after', async () => {
    const submit = vi
      .fn()
      .mockRejectedValueOnce(new ApiError('business', '核销码不正确', { status: 409, errorCode: 'BAD_CODE' }))
      .mockResolvedValueOnce({});
    const onDone = vi.fn();
    renderDialog(submit, onDone);
    await userEvent.type(screen.getByTestId('code'), '123456{Enter}');
    expect(await screen.findByText('核销码不正确')).toBeTruthy();
    expect(screen.queryByTestId('code-dialog-error')).toBeNull();
    await userEvent.click(screen.getByTestId('code-dialog-ok'));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(notify.success).toHaveBeenCalledWith('核销成功');
  });
});
