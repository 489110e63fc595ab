import '../../test/dom';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FIELD_RULES } from './field-rules';
import { LoginTabs } from './login-tabs';
import { TextField } from './text-field';
import { useFormFields } from './use-form-fields';

afterEach(cleanup);

function Tabs() {
  return (
    <LoginTabs
      initial="a"
      tabs={[
        { key: 'a', label: '甲', testId: 'tab-a', render: () => <input aria-label="甲栏" /> },
        { key: 'b', label: '乙', testId: 'tab-b', render: () => <input aria-label="乙栏" /> },
      ]}
    />
  );
}

describe('LoginTabs', () => {
  it('selects with arrow keys, Home and End, and keeps an opened panel while hidden', async () => {
    const user = userEvent.setup();
    render(<Tabs />);
    const [first, second] = screen.getAllByRole('tab');
    expect(first?.getAttribute('aria-selected')).toBe('true');
    expect(screen.queryByLabelText('乙栏')).toBeNull();

    first?.focus();
    await user.keyboard('{ArrowRight}');
    expect(second?.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(second);
    expect(screen.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe(second?.id);
    await user.type(screen.getByLabelText('乙栏'), '13800000001');

    second?.focus();
    await user.keyboard('{ArrowRight}');
    expect(first?.getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{End}');
    expect(second?.getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{Home}');
    expect(first?.getAttribute('aria-selected')).toBe('true');
    expect(first?.tabIndex).toBe(0);
    expect(second?.tabIndex).toBe(-1);
    // Hidden, not unmounted: what was typed is still there.
    expect((screen.getByLabelText('乙栏', { selector: 'input' }) as HTMLInputElement).value).toBe(
      '13800000001',
    );
  });
});

function ConfirmForm({ onValid }: { onValid: (values: object) => void }) {
  const form = useFormFields({
    initial: { password: '', confirmPassword: '' },
    checks: { password: FIELD_RULES.newPassword, confirmPassword: FIELD_RULES.confirmPassword },
    dependents: { password: ['confirmPassword'] },
  });
  return (
    <form onSubmit={form.handleSubmit(onValid)} noValidate>
      {(['password', 'confirmPassword'] as const).map((name) => (
        <TextField
          key={name}
          label={name}
          placeholder={name}
          icon={null}
          value={form.values[name]}
          error={form.errors[name]}
          onChange={(value) => form.setValue(name, value)}
          password
          maxLength={64}
          autoComplete="new-password"
          testId={name}
        />
      ))}
      <button type="submit">ok</button>
    </form>
  );
}

describe('form fields', () => {
  it('shows each field error under it, marks the input invalid and checks a dependent field again', async () => {
    const user = userEvent.setup();
    const onValid = vi.fn();
    render(<ConfirmForm onValid={onValid} />);
    await user.click(screen.getByRole('button', { name: 'ok' }));
    expect(onValid).not.toHaveBeenCalled();
    const password = screen.getByTestId('password');
    expect(password.getAttribute('aria-invalid')).toBe('true');
    const describedBy = password.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).toBe('请输入新密码');
    expect(screen.getByText('请再次输入新密码')).toBeTruthy();

    await user.type(password, 'NewPass@2026');
    expect(password.getAttribute('aria-invalid')).toBeNull();
    await user.type(screen.getByTestId('confirmPassword'), 'NewPass@2026');
    await user.type(password, 'x');
    expect(screen.getByText('两次输入的密码不一致')).toBeTruthy();
    await user.type(password, '{Backspace}');
    expect(screen.queryByText('两次输入的密码不一致')).toBeNull();

    await user.type(screen.getByTestId('confirmPassword'), '{Enter}');
    expect(onValid).toHaveBeenCalledWith({ password: 'NewPass@2026', confirmPassword: 'NewPass@2026' });
  });

  it('shows and hides a password', () => {
    render(<ConfirmForm onValid={() => {}} />);
    const input = screen.getByTestId('password') as HTMLInputElement;
    expect(input.type).toBe('password');
    const [reveal] = screen.getAllByRole('button', { name: '显示密码' });
    fireEvent.click(reveal as HTMLElement);
    expect(input.type).toBe('text');
    expect(screen.getAllByRole('button', { name: '隐藏密码' })).toHaveLength(1);
  });
});
