import {
  INTENTION_STATUSES,
  INTENTION_STATUS_TEXT,
  intentionEndpoints,
  type IntentionRow,
} from '@console/contract';
import { Alert } from 'antd';
import { COMMON_LABELS } from '../../components/labels';
import {
  keyColumn,
  phoneColumn,
  statusColumn,
  timeColumn,
  type ListColumn,
} from '../../components/list/columns';
import { ListPage, statusOptionsOf } from '../../components/list/list-page';
import { DateKeywordFilters } from '../../components/list/list-filters';
import { useListData } from '../../components/list/use-list-data';
import { useListQuery } from '../../components/list/use-list-query';
import { useMenuPageLinks } from '../../components/use-menu-page-links';
import { useRefreshOnOrderMessages } from '../../lib/events/use-refresh-on-order-messages';
import { useStoreCode } from '../../stores/use-store-code';
import { intentionKeys } from './intention-keys';
import { INTENTION_PAGE_SIZES, KEYWORD_MAX, intentionFiltersOf, intentionUrlShape } from './intention-query';
import { INTENTION_STATUS_COLOR } from './intention-status';
import { INTENTION_LABELS } from './labels';

const L = INTENTION_LABELS.list;
const F = INTENTION_LABELS.fields;

const STATUS_OPTIONS = statusOptionsOf(INTENTION_STATUSES, INTENTION_STATUS_TEXT);

function useColumns(): ListColumn<IntentionRow>[] {
  const links = useMenuPageLinks();
  return [
    keyColumn('omsConsultantsNo', F.omsConsultantsNo, (row) =>
      links.href('CustomerIntentionDetail', { omsConsultantsNo: row.omsConsultantsNo }),
    ),
    { key: 'customerName', title: F.customer, dataIndex: 'customerName', width: 110 },
    phoneColumn('customerPhone', F.phone),
    { key: 'interest', title: F.interest, dataIndex: 'interest', ellipsis: true },
    statusColumn('status', F.status, INTENTION_STATUS_TEXT, INTENTION_STATUS_COLOR),
    { key: 'followUpCount', title: F.followUpCount, dataIndex: 'followUpCount', width: 90, align: 'right' },
    timeColumn('lastFollowUpAt', F.lastFollowUpAt, { hiddenByDefault: true }),
    timeColumn('createdAt', F.createdAt),
  ];
}

/** 客户意向: the store's customer intentions, filters and page in the URL, newest first. */
export function CustomerIntentionsPage() {
  const listQuery = useListQuery(intentionUrlShape);
  const { query, setQuery } = listQuery;
  const storeCode = useStoreCode();
  const columns = useColumns();
  useRefreshOnOrderMessages(intentionKeys.all);
  const list = useListData({
    key: intentionKeys.list(storeCode),
    endpoint: intentionEndpoints.list,
    request: { ...intentionFiltersOf(storeCode, query), pageNum: query.pageNum, pageSize: query.pageSize },
    enabled: Boolean(storeCode),
  });

  if (!storeCode) return <Alert type="info" showIcon title={COMMON_LABELS.noStore} />;

  return (
    <ListPage
      title={INTENTION_LABELS.titles.list}
      name="intentions"
      list={list}
      paging={listQuery}
      columns={columns}
      rowKey="omsConsultantsNo"
      pageSizes={INTENTION_PAGE_SIZES}
      empty={{ description: L.empty }}
      statusFilter={{
        value: query.status,
        options: STATUS_OPTIONS,
        onChange: (status) => setQuery({ status }),
      }}
      filters={
        <DateKeywordFilters
          listQuery={listQuery}
          name="intentions"
          datePlaceholder={L.datePlaceholder}
          keywordPlaceholder={L.keywordPlaceholder}
          keywordMax={KEYWORD_MAX}
        />
      }
    />
  );
}
