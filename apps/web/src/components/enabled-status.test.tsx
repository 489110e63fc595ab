import { cleanup, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { enabledColumn } from './enabled-status';

afterEach(cleanup);

describe('enabledColumn', () => {
  it('shows 启用 in green and 停用 in grey, with the given test id', () => {
    const column = enabledColumn<{ enabled: boolean }>('状态', 'thing-status');
    const cell = (enabled: boolean) => column.render?.(undefined, { enabled }, 0) as ReactNode;
    render(<>{cell(true)}</>);
    expect(screen.getByTestId('thing-status').textContent).toBe('启用');
    expect(screen.getByTestId('thing-status').className).toContain('green');
    cleanup();
    render(<>{cell(false)}</>);
    expect(screen.getByTestId('thing-status').textContent).toBe('停用');
    expect(screen.getByTestId('thing-status').className).not.toContain('green');
  });
});
