import {
  TEA_TREE_ADOPTION_STATUSES,
  TEA_TREE_ADOPTION_STATUS_TEXT,
  teaTreeEndpoints,
  type TeaTreeActivity,
  type TeaTreeAdoptionRow,
} from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Descriptions, Tag } from 'antd';
import { useState } from 'react';
import { column, type ListColumn } from '../../components/list/columns';
import { DateKeywordFilters } from '../../components/list/list-filters';
import { ListPage } from '../../components/list/list-page';
import { statusOptionsOf } from '../../components/list/status-options';
import { statusFilterOf } from '../../components/list/use-list-query';
import { useStoreList } from '../../components/list/use-store-list';
import { formatTime, formatYuan } from '../../lib/format/display';
import { call } from '../../lib/http';
import { useRefresh } from '../../lib/use-refresh';
import { AdoptDialog } from './adopt-dialog';
import { AdoptionDrawer } from './adoption-drawer';
import { TEA_TREE_LABELS } from './labels';
import { TEA_TREE_ADD, teaTreeKeys } from './tea-tree-keys';
import { teaTreeFiltersOf, teaTreeUrlShape } from './tea-tree-query';

const L = TEA_TREE_LABELS;
const F = L.fields;
const STATUS_OPTIONS = statusOptionsOf(TEA_TREE_ADOPTION_STATUSES, TEA_TREE_ADOPTION_STATUS_TEXT);
const STATUS_COLOR = { active: 'green', completed: 'default' } as const;

function columnsOf(hrefOf: (row: TeaTreeAdoptionRow) => string): ListColumn<TeaTreeAdoptionRow>[] {
  return [
    column.key('adoptionNo', F.adoptionNo, hrefOf),
    column.text('activityName', F.activity, { width: 160 }),
    column.contact('memberName', 'memberPhone', F.member),
    column.count('trees', F.trees),
    column.money('payCents', F.pay),
    column.status('status', F.status, TEA_TREE_ADOPTION_STATUS_TEXT, STATUS_COLOR, { width: 100 }),
    column.text('nextDeliveryDate', F.nextDelivery, { width: 120 }),
    column.person('clerkName', F.clerk, { hiddenByDefault: true }),
    column.time('adoptedAt', F.adoptedAt),
  ];
}

/** The activity open for sign-up: what the counter sells today. */
function ActivityCard({ activity }: { activity: TeaTreeActivity | null | undefined }) {
  if (activity === undefined) return null;
  if (activity === null) return <Alert type="info" showIcon title={L.activity.none} />;
  return (
    <Card
      size="small"
      data-testid="tea-tree-activity"
      title={
        <>
          {L.activity.title}：{activity.name} <Tag color="green">{activity.statusText}</Tag>
        </>
      }
      extra={L.activity.remaining(activity.remainingTrees, activity.treeCount)}
    >
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2, lg: 3 }}
        items={[
          { key: 'season', label: F.season, children: activity.season },
          { key: 'garden', label: F.garden, children: activity.garden },
          { key: 'price', label: F.unitPrice, children: L.activity.price(formatYuan(activity.priceCents)) },
          {
            key: 'window',
            label: L.activity.window,
            children: `${formatTime(activity.signUpStart).slice(0, 10)} ~ ${formatTime(activity.signUpEnd).slice(0, 10)}`,
          },
          { key: 'benefits', label: F.benefits, children: activity.benefits },
          {
            key: 'deliveries',
            label: L.activity.deliveries,
            children: activity.deliveries.map((d) => `${d.plannedDate} ${d.content}`).join('；'),
          },
        ]}
      />
    </Card>
  );
}

/** 茶树认养: the activity open now, the store's adoptions, 新增认养 and a drawer per adoption. */
export function TeaTreeAdoptionPage() {
  const { storeCode, listQuery, list } = useStoreList(teaTreeUrlShape, {
    key: teaTreeKeys.page,
    endpoint: () => teaTreeEndpoints.pageList,
    filters: teaTreeFiltersOf,
  });
  const { query, setQuery, hrefOf } = listQuery;
  const [adopting, setAdopting] = useState(false);
  const refresh = useRefresh(teaTreeKeys.all);
  const current = useQuery({
    queryKey: teaTreeKeys.current(storeCode),
    queryFn: ({ signal }) => call(teaTreeEndpoints.currentActivity, { storeCode }, { signal }),
    enabled: Boolean(storeCode),
  });

  return (
    <>
      <ListPage
        title={L.title}
        name="tea-tree"
        list={list}
        columns={columnsOf((row) => hrefOf({ id: row.id }))}
        rowKey="id"
        add={{ label: L.adopt.open, permission: TEA_TREE_ADD, onClick: () => setAdopting(true) }}
        notice={<ActivityCard activity={current.data} />}
        empty={{ description: L.list.empty }}
        statusFilter={statusFilterOf(listQuery, STATUS_OPTIONS)}
        filters={<DateKeywordFilters listQuery={listQuery} name="tea-tree" labels={L.list} />}
      />
      <AdoptionDrawer
        storeCode={storeCode}
        adoptionId={storeCode ? query.id : undefined}
        onClose={() => setQuery({ id: undefined })}
      />
      <AdoptDialog
        open={adopting}
        storeCode={storeCode}
        activity={current.data ?? null}
        onClose={() => setAdopting(false)}
        onAdopted={(id) => {
          refresh();
          setQuery({ status: 'all', id });
        }}
      />
    </>
  );
}
