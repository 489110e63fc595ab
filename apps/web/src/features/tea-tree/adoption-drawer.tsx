import { teaTreeEndpoints, type TeaTreeAdoptionDetail } from '@console/contract';
import { Table, Tag } from 'antd';
import { DetailDrawer, loadDetail, useDetailQuery } from '../../components/detail/detail-page';
import { InfoFields, InfoSection, infoField } from '../../components/detail/info-section';
import { TEA_TREE_LABELS } from './labels';
import { teaTreeKeys } from './tea-tree-keys';

const L = TEA_TREE_LABELS;
const F = L.fields;

function AdoptionFields({ adoption }: { adoption: TeaTreeAdoptionDetail }) {
  return (
    <>
      <InfoFields
        column={1}
        fields={[
          infoField.text(F.adoptionNo, adoption.adoptionNo),
          infoField.status(F.status, adoption.statusText, adoption.status === 'active' ? 'green' : undefined),
          infoField.text(F.activity, `${adoption.activityName}（${adoption.season}）`),
          infoField.text(F.garden, adoption.garden),
          infoField.contact(F.member, adoption.memberName, adoption.memberPhone),
          infoField.text(F.level, adoption.memberLevel),
          infoField.text(F.trees, adoption.trees),
          infoField.money(F.unitPrice, adoption.unitCents),
          infoField.money(F.goods, adoption.goodsCents),
          infoField.text(
            F.discount,
            adoption.discountPercent < 100 ? `${adoption.discountPercent / 10}折` : '-',
          ),
          infoField.money(F.discountAmount, adoption.discountCents),
          infoField.money(F.pay, adoption.payCents, true),
          infoField.text(F.benefits, adoption.benefits),
          infoField.text(F.performanceOrderNo, adoption.performanceOrderNo),
          infoField.text(F.confirmedBy, adoption.confirmedBy),
          infoField.text(F.clerk, adoption.clerkName),
          infoField.time(F.adoptedAt, adoption.adoptedAt),
          infoField.text(F.remark, adoption.remark),
        ]}
      />
      <InfoSection title={L.detail.plan}>
        <Table
          size="small"
          rowKey="round"
          pagination={false}
          data-testid="tea-tree-plan"
          dataSource={adoption.deliveryPlan}
          columns={[
            { key: 'date', title: '交付日期', dataIndex: 'plannedDate', width: 110 },
            { key: 'content', title: '交付内容', dataIndex: 'quantityText' },
            {
              key: 'due',
              title: F.status,
              width: 100,
              render: (_, row) =>
                row.due ? <Tag color="blue">{L.detail.due}</Tag> : <Tag>{L.detail.planned}</Tag>,
            },
          ]}
        />
      </InfoSection>
    </>
  );
}

/** 认养详情: the adoption, its price and the harvest plan for all its trees. */
export function AdoptionDrawer({
  storeCode,
  adoptionId,
  onClose,
}: {
  storeCode: string;
  adoptionId: number | undefined;
  onClose(): void;
}) {
  const detail = useDetailQuery({
    key: teaTreeKeys.detail(storeCode),
    recordKey: adoptionId ?? null,
    load: loadDetail(teaTreeEndpoints.detail, (id: number) => ({ storeCode, id })),
  });
  return (
    <DetailDrawer
      detail={detail}
      title={L.detail.title}
      width={520}
      testId="tea-tree-drawer"
      onClose={onClose}
    >
      {(adoption) => <AdoptionFields adoption={adoption} />}
    </DetailDrawer>
  );
}
