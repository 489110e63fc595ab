import '../../test/dom';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../../stores/session-store';
import { DetailActionBar } from './detail-page';
import { AmountFields, InfoSection, addressText, infoField } from './info-section';

afterEach(cleanup);

/** The label → value pairs a Descriptions shows, in order. */
function shownFields(container: HTMLElement): [string, string][] {
  return [...container.querySelectorAll('.ant-descriptions-item')].map((item) => [
    item.querySelector('.ant-descriptions-item-label')?.textContent ?? '',
    item.querySelector('.ant-descriptions-item-content')?.textContent ?? '',
  ]);
}

describe('InfoSection', () => {
  it('shows the declared fields in order, leaves absent ones out and reads empty values as -', () => {
    const shippedAt: string | null = null;
    const { container } = render(
      <InfoSection
        title="订单信息"
        fields={[
          infoField.text('订单号', 'PF1'),
          infoField.text('计划单号', null),
          infoField.text('备注', ''),
          infoField.text('积分', 0),
          shippedAt && infoField.time('发货时间', shippedAt),
          infoField.time('下单时间', '2026-11-21 12:52:31'),
          infoField.money('实付金额', 123456, true),
          infoField.contact('收货人', '张三', '13800000001'),
          infoField.contact('配送员', null, null),
          infoField.text('地址', addressText({ regionName: '北京市市辖区通州区', detail: '新华大街1号' }), {
            testId: 'the-address',
          }),
        ]}
      />,
    );
    expect(screen.getByText('订单信息')).toBeTruthy();
    expect(shownFields(container)).toEqual([
      ['订单号', 'PF1'],
      ['计划单号', '-'],
      ['备注', '-'],
      ['积分', '0'],
      ['下单时间', '2026-11-21 12:52:31'],
      ['实付金额', '¥1,234.56'],
      ['收货人', '张三 13800000001'],
      ['配送员', '-'],
      ['地址', '北京市通州区 新华大街1号'],
    ]);
    expect(screen.getByTestId('the-address').textContent).toBe('北京市通州区 新华大街1号');
  });

  it('draws a status as a coloured tag with its test id, and - for a missing status', () => {
    render(
      <InfoSection
        title="状态"
        fields={[
          infoField.status('订单状态', '待发货', 'orange', 'order-status'),
          infoField.status('计划状态', null, undefined, 'plan-status'),
        ]}
      />,
    );
    const tag = screen.getByTestId('order-status');
    expect(tag.textContent).toBe('待发货');
    expect(tag.className).toContain('ant-tag-orange');
    expect(screen.getByTestId('plan-status').textContent).toBe('-');
  });

  it('puts the amounts under the items and emphasises what the customer pays', () => {
    const { container } = render(
      <InfoSection title="商品信息">
        <table data-testid="items" />
        <AmountFields fields={[infoField.money('商品金额', 1000), infoField.money('实付金额', 900, true)]} />
      </InfoSection>,
    );
    const body = container.querySelector('.ant-card-body') as HTMLElement;
    expect(body.firstElementChild?.getAttribute('data-testid')).toBe('items');
    expect(shownFields(container)).toEqual([
      ['商品金额', '¥10.00'],
      ['实付金额', '¥9.00'],
    ]);
    expect(screen.getByText('¥9.00').tagName).toBe('SPAN');
  });
});

describe('DetailActionBar', () => {
  it('shows the actions the record allows and the roles permit, else the idle text', async () => {
    useSessionStore.setState({ roles: ['thing:approve'] });
    const approve = vi.fn();
    const actions = (allowed: boolean) => [
      { key: 'reject', label: '驳回', allowed, permission: ['thing:reject'], onClick: vi.fn() },
      {
        key: 'approve',
        label: '通过',
        allowed,
        permission: ['thing:approve'],
        primary: true,
        onClick: approve,
      },
    ];
    const { rerender } = render(<DetailActionBar testId="thing" actions={actions(true)} idle="待处理" />);
    expect(screen.getByTestId('things').querySelectorAll('button')).toHaveLength(1);
    await userEvent.click(screen.getByTestId('thing-approve'));
    expect(approve).toHaveBeenCalled();
    rerender(<DetailActionBar testId="thing" actions={actions(false)} idle="已通过" />);
    expect(screen.queryByTestId('things')).toBeNull();
    expect(screen.getByText('已通过')).toBeTruthy();
  });
});
