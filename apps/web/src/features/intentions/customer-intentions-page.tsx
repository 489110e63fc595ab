import { INTENTION_STATUS_TEXT, intentionEndpoints, type IntentionRow } from '@console/contract';
import { column, type ListColumn } from '../../components/list/columns';
import { DateKeywordFilters } from '../../components/list/list-filters';
import { ListPage } from '../../components/list/list-page';
import { statusFilterOf } from '../../components/list/use-list-query';
import { useStoreList } from '../../components/list/use-store-list';
import { useMenuPageLinks } from '../../components/use-menu-page-links';
import { useRefreshOnOrderMessages } from '../../lib/events/use-refresh-on-order-messages';
import { intentionKeys } from './intention-keys';
import { intentionFiltersOf, intentionUrlShape } from './intention-query';
import { INTENTION_STATUS_COLOR, INTENTION_STATUS_OPTIONS } from './intention-status';
import { INTENTION_LABELS } from './labels';

const L = INTENTION_LABELS.list;
const F = INTENTION_LABELS.fields;

function useColumns(): ListColumn<IntentionRow>[] {
  const links = useMenuPageLinks();
  return [
    column.key('omsConsultantsNo', F.omsConsultantsNo, (row) =>
      links.href('CustomerIntentionDetail', { omsConsultantsNo: row.omsConsultantsNo }),
    ),
    column.contact('customerName', 'customerPhone', F.customer),
    column.remark('interest', F.interest),
    column.status('status', F.status, INTENTION_STATUS_TEXT, INTENTION_STATUS_COLOR),
    column.count('followUpCount', F.followUpCount),
    column.time('lastFollowUpAt', F.lastFollowUpAt, { hiddenByDefault: true }),
    column.time('createdAt', F.createdAt),
  ];
}

/** 客户意向: the store's customer intentions, filters and page in the URL, newest first. */
export function CustomerIntentionsPage() {
  const { listQuery, list } = useStoreList(intentionUrlShape, {
    key: intentionKeys.list,
    endpoint: () => intentionEndpoints.list,
    filters: intentionFiltersOf,
  });
  const columns = useColumns();
  useRefreshOnOrderMessages(intentionKeys.all);

  return (
    <ListPage
      title={INTENTION_LABELS.titles.list}
      name="intentions"
      list={list}
      columns={columns}
      empty={{ description: L.empty }}
      statusFilter={statusFilterOf(listQuery, INTENTION_STATUS_OPTIONS)}
      filters={<DateKeywordFilters listQuery={listQuery} name="intentions" labels={L} />}
    />
  );
}
