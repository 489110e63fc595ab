import {
  TEA_TREE_MAX_PER_ADOPTION,
  lookupEndpoints,
  teaTreeEndpoints,
  teaTreeMemberCodeSchema,
  type MemberSummary,
  type TeaTreeActivity,
  type TeaTreeAddResult,
} from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Form, Input, InputNumber, Radio, Space, Typography, type FormInstance } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { z } from 'zod';
import { FormDialog } from '../../components/form-dialog/form-dialog';
import { MemberCodeField, memberCodeServerField } from '../../components/form-dialog/member-code-field';
import { formatYuan } from '../../lib/format/display';
import { call } from '../../lib/http';
import { TEA_TREE_LABELS } from './labels';
import { teaTreeKeys } from './tea-tree-keys';

const L = TEA_TREE_LABELS.adopt;

type Values = { memberId: string; trees: number; memberCode: string; remark?: string };
const schema = z.object({
  memberId: z.string({ error: L.memberRequired }).min(1, L.memberRequired),
  trees: z.number({ error: `认养数量须为1到${TEA_TREE_MAX_PER_ADOPTION}棵` }),
  memberCode: teaTreeMemberCodeSchema,
});

/** The member search: whole phone or member number, the results to pick from. */
function MemberPicker({ storeCode, form }: { storeCode: string; form: FormInstance<Values> }) {
  const [found, setFound] = useState<MemberSummary[] | null>(null);
  const [searching, setSearching] = useState(false);
  const search = async (keywords: string) => {
    if (!keywords.trim()) return;
    setSearching(true);
    try {
      const members = await call(lookupEndpoints.memberByKeywords, { storeCode, keywords: keywords.trim() });
      setFound(members);
      form.setFieldValue('memberId', members.length === 1 ? members[0]!.memberId : undefined);
    } finally {
      setSearching(false);
    }
  };
  return (
    <>
      <Form.Item label={L.phone}>
        <Input.Search
          placeholder={L.phonePlaceholder}
          enterButton={L.find}
          loading={searching}
          inputMode="numeric"
          data-testid="tea-tree-member-search"
          // Enter in the search looks the member up; it must not submit the dialog.
          onPressEnter={(event) => event.preventDefault()}
          onSearch={(value) => void search(value)}
        />
      </Form.Item>
      {found && found.length === 0 ? <Alert type="warning" showIcon title={L.notFound} /> : null}
      <Form.Item name="memberId" label={TEA_TREE_LABELS.fields.member} required hidden={!found?.length}>
        <Radio.Group data-testid="tea-tree-member">
          <Space direction="vertical">
            {(found ?? []).map((m) => (
              <Radio key={m.memberId} value={m.memberId}>
                {m.name} {m.phoneMasked} · 等级{m.level}
              </Radio>
            ))}
          </Space>
        </Radio.Group>
      </Form.Item>
    </>
  );
}

/** The price of the chosen trees for the chosen member, from the server (level discount included). */
function usePrice(storeCode: string, activity: TeaTreeActivity | null, form: FormInstance<Values>) {
  const memberId = Form.useWatch('memberId', form);
  const trees = Form.useWatch('trees', form);
  const valid =
    Boolean(activity && memberId) &&
    Number.isInteger(trees) &&
    trees >= 1 &&
    trees <= TEA_TREE_MAX_PER_ADOPTION;
  return useQuery({
    queryKey: [...teaTreeKeys.price(storeCode), activity?.id, memberId, trees],
    queryFn: ({ signal }) =>
      call(
        teaTreeEndpoints.calculate,
        { storeCode, activityId: activity!.id, memberId, trees },
        { signal, flags: { silent: true } },
      ),
    enabled: valid,
    retry: false,
  });
}

function AdoptFields({
  storeCode,
  activity,
  form,
  priceRef,
}: {
  storeCode: string;
  activity: TeaTreeActivity;
  form: FormInstance<Values>;
  priceRef: { current: number | null };
}) {
  const price = usePrice(storeCode, activity, form);
  const [phone, setPhone] = useState<string | null>(null);
  const payCents = price.data?.payCents ?? null;
  // The amount the member confirms is the one shown: the submit sends it, the server refuses another.
  useEffect(() => {
    priceRef.current = payCents;
  }, [payCents, priceRef]);
  return (
    <>
      <Typography.Paragraph type="secondary">
        {activity.name} · {activity.season} · {formatYuan(activity.priceCents)}/棵 · 剩余
        {activity.remainingTrees}棵
      </Typography.Paragraph>
      <MemberPicker storeCode={storeCode} form={form} />
      <Form.Item name="trees" label={L.trees} required>
        <InputNumber min={1} max={TEA_TREE_MAX_PER_ADOPTION} precision={0} data-testid="tea-tree-trees" />
      </Form.Item>
      <Form.Item label={L.price}>
        {price.data ? (
          <div data-testid="tea-tree-price">
            <Typography.Text strong style={{ fontSize: 18, color: '#ff2f28' }}>
              {formatYuan(price.data.payCents)}
            </Typography.Text>
            {price.data.discountCents > 0 ? (
              <Typography.Text delete type="secondary" style={{ marginLeft: 8 }}>
                {formatYuan(price.data.goodsCents)}
              </Typography.Text>
            ) : null}
            <div>
              <Typography.Text type="secondary">
                {L.priceHint(price.data.discountPercent, price.data.memberLevel)}
              </Typography.Text>
            </div>
          </div>
        ) : price.error ? (
          <Typography.Text type="danger" data-testid="tea-tree-price-error">
            {price.error.message}
          </Typography.Text>
        ) : (
          '-'
        )}
      </Form.Item>
      {phone ? <Alert type="info" showIcon title={L.hint(phone)} style={{ marginBottom: 16 }} /> : null}
      <MemberCodeField
        form={form}
        send={async () => {
          const { memberId, trees } = form.getFieldsValue();
          if (!memberId) throw new Error(L.memberRequired);
          const sent = await call(
            teaTreeEndpoints.sendConfirmCode,
            { storeCode, activityId: activity.id, memberId, trees },
            { flags: { silent: true } },
          );
          setPhone(sent.phoneMasked);
          return sent;
        }}
        requiredMessage={L.codeRequired}
        testId="tea-tree"
      />
      <Form.Item name="remark" label={L.remark}>
        <Input maxLength={100} />
      </Form.Item>
    </>
  );
}

/**
 * 为会员认养茶树: find the member, choose the trees, show the price with the level discount, text the member the
 * code naming trees and price, and adopt with the code the member reads out (docs/domain/tea-tree.md).
 */
export function AdoptDialog({
  open,
  storeCode,
  activity,
  onClose,
  onAdopted,
}: {
  open: boolean;
  storeCode: string;
  activity: TeaTreeActivity | null;
  onClose(): void;
  onAdopted(id: number): void;
}) {
  const result = useRef<TeaTreeAddResult | null>(null);
  const priceRef = useRef<number | null>(null);
  return (
    <FormDialog<Values>
      open={open}
      title={L.title}
      okText={L.ok}
      testId="tea-tree-adopt"
      onClose={onClose}
      schema={schema}
      check={() => (activity ? null : L.noActivity)}
      submit={async (values) => {
        result.current = await call(
          teaTreeEndpoints.add,
          {
            storeCode,
            activityId: activity!.id,
            memberId: values.memberId,
            trees: values.trees,
            payCents: priceRef.current ?? -1,
            memberCode: values.memberCode,
            ...(values.remark ? { remark: values.remark } : {}),
          },
          { flags: { silent: true } },
        );
      }}
      doneText={L.done}
      onDone={() => {
        if (result.current) onAdopted(result.current.id);
      }}
      serverField={memberCodeServerField}
      initialValues={{ trees: 1, memberCode: '' }}
    >
      {(form) =>
        activity ? (
          <AdoptFields storeCode={storeCode} activity={activity} form={form} priceRef={priceRef} />
        ) : (
          <Alert type="warning" showIcon title={L.noActivity} />
        )
      }
    </FormDialog>
  );
}
