import '../../test/dom';
import { fulfilmentEndpoints } from '@console/contract';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/http';
import { orderDetail } from './test-fixtures';
import { InvoiceDialog, WriteOffDialog } from './simple-action-dialogs';
import { answerCalls, spyNotify } from '../../test/fake-calls';

const call = answerCalls(() => undefined);
const notify = spyNotify();

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const dialogProps = () => ({
  open: true,
  order: orderDetail(),
  storeCode: 'S0001',
  onClose: vi.fn(),
  onDone: vi.fn(),
});

describe('order action dialogs', { timeout: 30_000 }, () => {
  it('核销: checks the 6-digit code, then calls the action on the order, silently', async () => {
    call.mockResolvedValue({
      performanceOrderNo: 'PO202611210001',
      status: 'completed',
      statusText: '已完成',
    });
    const props = dialogProps();
    render(<WriteOffDialog {...props} />);
    const code = await screen.findByTestId('write-off-code');
    expect(code.getAttribute('inputmode')).toBe('numeric');
    expect(code.getAttribute('autocomplete')).toBe('off');
    await userEvent.type(code, '12a');
    await userEvent.click(screen.getByTestId('write-off-dialog-ok'));
    expect(await screen.findByText('核销码为6位数字')).toBeTruthy();
    expect(call).not.toHaveBeenCalled();
    await userEvent.clear(code);
    await userEvent.type(code, '123456');
    await userEvent.click(screen.getByTestId('write-off-dialog-ok'));
    await waitFor(() =>
      expect(call).toHaveBeenCalledWith(
        fulfilmentEndpoints.writeOff,
        { storeCode: 'S0001', performanceOrderNo: 'PO202611210001', writeOffCode: '123456' },
        { flags: { silent: true } },
      ),
    );
    expect(notify.success).toHaveBeenCalledWith('核销成功');
    expect(props.onDone).toHaveBeenCalled();
  });

  it('开具发票: keeps the server refusal inside the dialog', async () => {
    call.mockRejectedValue(new ApiError('http', '发票已开具', { status: 409 }));
    const props = dialogProps();
    render(<InvoiceDialog {...props} />);
    await userEvent.type(await screen.findByTestId('invoice-no'), 'INV12345678');
    await userEvent.click(screen.getByTestId('invoice-dialog-ok'));
    expect((await screen.findByTestId('invoice-dialog-error')).textContent).toContain('发票已开具');
    expect(call).toHaveBeenCalledWith(
      fulfilmentEndpoints.finishInvoice,
      { storeCode: 'S0001', performanceOrderNo: 'PO202611210001', invoiceNo: 'INV12345678' },
      { flags: { silent: true } },
    );
    expect(props.onDone).not.toHaveBeenCalled();
  });
});
