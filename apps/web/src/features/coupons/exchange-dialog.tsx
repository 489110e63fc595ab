import {
  couponEndpoints,
  lookupEndpoints,
  memberCodeSchema,
  type ExchangeDetail,
  type MemberSummary,
} from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Empty, Form, Input, List, Radio, Space, Tag, Typography } from 'antd';
import { useRef, useState } from 'react';
import { z } from 'zod';
import { FormDialog } from '../../components/form-dialog/form-dialog';
import { MemberCodeField, memberCodeServerField } from '../../components/form-dialog/member-code-field';
import { call } from '../../lib/http';
import { couponKeys } from './coupon-query';
import { COUPON_LABELS } from './labels';

const L = COUPON_LABELS.exchange;
const schema = z.object({ memberCode: memberCodeSchema });
type Values = { memberCode: string };

/** A new exchange number: the member's code is bound to it, so one dialog is one exchange. */
function newExchangeNo(now = new Date()): string {
  const stamp = now.toISOString().replace(/\D/g, '').slice(0, 14);
  return `CE${stamp}${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`;
}

/**
 * 为会员兑换优惠券: find the member (full phone or member number, or the store's own by name), pick one of the
 * coupons they may exchange here, text them the code, and confirm with the code they read out
 * (docs/domain/coupons.md, the points rule of docs/domain/points.md).
 */
export function ExchangeDialog({
  open,
  storeCode,
  onClose,
  onDone,
}: {
  open: boolean;
  storeCode: string;
  onClose(): void;
  onDone(detail: ExchangeDetail): void;
}) {
  const [keywords, setKeywords] = useState('');
  const [member, setMember] = useState<MemberSummary | null>(null);
  const [couponId, setCouponId] = useState<number | null>(null);
  const exchangeNo = useRef(newExchangeNo());
  const done = useRef<ExchangeDetail | null>(null);
  const found = useQuery({
    queryKey: couponKeys.members(storeCode, keywords),
    queryFn: ({ signal }) => call(lookupEndpoints.memberByKeywords, { storeCode, keywords }, { signal }),
    enabled: open && keywords !== '',
  });
  const offered = useQuery({
    queryKey: couponKeys.exchangeable(storeCode, member?.memberId ?? ''),
    queryFn: ({ signal }) =>
      call(couponEndpoints.list, { storeCode, memberId: member!.memberId }, { signal }),
    enabled: open && member !== null,
  });
  const chosen = offered.data?.list.find((c) => c.id === couponId) ?? null;
  const close = () => {
    setKeywords('');
    setMember(null);
    setCouponId(null);
    exchangeNo.current = newExchangeNo();
    onClose();
  };
  const target = () => {
    if (!member) throw new Error(L.pickMember);
    if (!chosen) throw new Error(L.pickCoupon);
    return { storeCode, memberId: member.memberId, couponId: chosen.id, exchangeNo: exchangeNo.current };
  };

  return (
    <FormDialog<Values>
      open={open}
      title={L.title}
      okText={L.ok}
      testId="coupon-exchange"
      onClose={close}
      schema={schema}
      initialValues={{ memberCode: '' }}
      serverField={memberCodeServerField}
      submit={async ({ memberCode }) => {
        done.current = await call(
          couponEndpoints.exchange,
          { ...target(), memberCode },
          { flags: { silent: true } },
        );
      }}
      doneText={L.done}
      onDone={() => {
        if (done.current) onDone(done.current);
      }}
    >
      {(form) => (
        <>
          <Form.Item label={L.member} required>
            <Input.Search
              data-testid="coupon-member-search"
              allowClear
              enterButton
              maxLength={32}
              placeholder={L.memberSearch}
              loading={found.isFetching}
              onSearch={(value) => setKeywords(value.trim())}
              // Enter here searches; it must not submit the dialog's form.
              onPressEnter={(event) => event.preventDefault()}
            />
          </Form.Item>
          {keywords && !member ? (
            <List<MemberSummary>
              size="small"
              bordered
              style={{ marginBottom: 16 }}
              loading={found.isFetching}
              dataSource={found.data ?? []}
              locale={{
                emptyText: <Empty description={L.memberEmpty} image={Empty.PRESENTED_IMAGE_SIMPLE} />,
              }}
              renderItem={(m) => (
                <List.Item
                  data-testid="coupon-member-option"
                  actions={[
                    <a key="choose" data-testid="coupon-member-choose" onClick={() => setMember(m)}>
                      {L.choose}
                    </a>,
                  ]}
                >
                  {m.name} {m.phoneMasked} <Tag color="gold">{L.points(m.points)}</Tag>
                </List.Item>
              )}
            />
          ) : null}
          {member ? (
            <>
              <Alert
                type="success"
                showIcon
                style={{ marginBottom: 16 }}
                data-testid="coupon-member-selected"
                title={`${member.name} ${member.phoneMasked} · ${L.points(offered.data?.memberPoints ?? member.points)}`}
                closable={{ onClose: () => (setMember(null), setCouponId(null)) }}
              />
              <Form.Item label={L.coupon} required>
                {offered.data && offered.data.list.length === 0 ? (
                  <Empty description={L.couponEmpty} image={Empty.PRESENTED_IMAGE_SIMPLE} />
                ) : (
                  <Radio.Group
                    value={couponId}
                    onChange={(e) => setCouponId(e.target.value as number)}
                    data-testid="coupon-options"
                  >
                    <Space direction="vertical">
                      {(offered.data?.list ?? []).map((c) => (
                        <Radio key={c.id} value={c.id} data-testid={`coupon-option-${c.id}`}>
                          <strong>{c.name}</strong> <Tag>{c.valueText}</Tag>
                          <Typography.Text type="secondary">
                            {L.couponLine(c.points, c.stockLeft, c.validDays)}
                          </Typography.Text>
                        </Radio>
                      ))}
                    </Space>
                  </Radio.Group>
                )}
              </Form.Item>
            </>
          ) : null}
          {chosen ? (
            <>
              <Alert type="info" showIcon title={L.hint(chosen.points)} style={{ marginBottom: 16 }} />
              <MemberCodeField
                form={form}
                send={() => call(couponEndpoints.sendExchangeCode, target(), { flags: { silent: true } })}
                requiredMessage={L.codeRequired}
                testId="coupon-exchange"
              />
            </>
          ) : null}
        </>
      )}
    </FormDialog>
  );
}
