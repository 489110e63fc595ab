import '../../test/dom';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, Form, Input } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AddressFields, addressOfValues, type AddressValues } from './address-fields';

const areas = { options: [], loadData: vi.fn(() => Promise.resolve()) };

function renderForm(onFinish: (values: AddressValues) => void, initialValues?: Partial<AddressValues>) {
  render(
    <Form<AddressValues> initialValues={initialValues} onFinish={onFinish}>
      <AddressFields
        areas={areas}
        testIdPrefix="addr"
        regionPlaceholder="北京市通州区"
        detail={<Input data-testid="addr-detail" />}
      />
      <Button htmlType="submit" data-testid="save">
        保存
      </Button>
    </Form>,
  );
}

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('AddressFields', { timeout: 30_000 }, () => {
  it('asks for every part of the address, and a mobile number', async () => {
    const onFinish = vi.fn();
    renderForm(onFinish);
    await userEvent.type(screen.getByTestId('addr-phone'), '12345');
    await userEvent.click(screen.getByTestId('save'));
    expect(await screen.findByText('请输入收货人')).toBeTruthy();
    expect(screen.getByText('手机号格式不正确')).toBeTruthy();
    expect(screen.getByText('请选择完整的省市区')).toBeTruthy();
    expect(screen.getByText('请输入详细地址')).toBeTruthy();
    expect(screen.getByText('北京市通州区')).toBeTruthy();
    expect(onFinish).not.toHaveBeenCalled();
  });

  it('submits a complete address, trimmed, with the region codes', async () => {
    const onFinish = vi.fn();
    renderForm(onFinish, {
      receiverName: ' 王丽华 ',
      receiverPhone: '13912345678',
      region: ['110000', '110100', '110112'],
      detail: ' 新华大街1号 ',
    });
    await userEvent.click(screen.getByTestId('save'));
    await waitFor(() => expect(onFinish).toHaveBeenCalled());
    expect(addressOfValues(onFinish.mock.calls[0]![0] as AddressValues)).toEqual({
      receiverName: '王丽华',
      receiverPhone: '13912345678',
      provinceCode: '110000',
      cityCode: '110100',
      countyCode: '110112',
      detail: '新华大街1号',
    });
  });
});
