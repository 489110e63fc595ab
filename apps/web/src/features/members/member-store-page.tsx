import {
  MEMBER_STORE_TABS,
  MEMBER_STORE_TAB_TEXT,
  memberEndpoints,
  type MemberStoreRow,
  type MemberStoreTab,
} from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button } from 'antd';
import { useState } from 'react';
import { column, type ListColumn } from '../../components/list/columns';
import { KeywordFilters } from '../../components/list/list-filters';
import { ListPage } from '../../components/list/list-page';
import { urlField, type UrlQuery } from '../../components/list/list-query';
import type { BatchAction, RowAction } from '../../components/list/row-actions';
import { useStoreList } from '../../components/list/use-store-list';
import { useMenuPageLinks } from '../../components/use-menu-page-links';
import { call } from '../../lib/http';
import { notify } from '../../lib/notify';
import { useRefresh } from '../../lib/use-refresh';
import { MEMBER_LABELS } from './labels';
import { AssignGuideDialog, FollowUpDialog } from './member-dialogs';
import { memberKeys } from './member-keys';

const L = MEMBER_LABELS;
const F = L.fields;

/**
 * 会员跟进's URL: the tab, and what a message opens (2.15: `memberId` with `activateUser=1` → 权益待激活,
 * `permissionUser=1` → 复购到期), which wins over the tab until a tab is clicked.
 */
export const memberStoreUrlShape = {
  tab: urlField.oneOfOr(MEMBER_STORE_TABS, 'toAssign'),
  activateUser: urlField.oneOf(['1']),
  permissionUser: urlField.oneOf(['1']),
  memberId: urlField.keyword(32),
  keyword: urlField.keyword(32),
  pageNum: urlField.pageNum(),
  pageSize: urlField.pageSize([10, 20, 50], 20),
};
export type MemberStoreQuery = UrlQuery<typeof memberStoreUrlShape>;
const VIEWS = ['tab', 'activateUser', 'permissionUser', 'memberId'] as const;

/** The tab the URL shows: a message's flag first, else the chosen tab. */
export function tabOf(
  query: Pick<MemberStoreQuery, 'tab' | 'activateUser' | 'permissionUser'>,
): MemberStoreTab {
  if (query.activateUser === '1') return 'equity';
  if (query.permissionUser === '1') return 'repurchase';
  return query.tab;
}

export function memberStoreFiltersOf(storeCode: string, query: MemberStoreQuery) {
  const memberId = query.memberId || null;
  return {
    storeCode,
    tab: tabOf(query),
    ...(query.keyword ? { keyword: query.keyword } : {}),
    ...(memberId ? { memberId } : {}),
  };
}

function useColumns(tab: MemberStoreTab): ListColumn<MemberStoreRow>[] {
  const links = useMenuPageLinks();
  const columns: ListColumn<MemberStoreRow>[] = [
    column.key('memberNo', F.memberNo, (row) => links.href('memberInquiry', { memberId: row.memberId })),
    column.contact('name', 'phoneMasked', F.name),
    column.text('levelName', F.level, { width: 110 }),
  ];
  if (tab === 'equity' || tab === 'repurchase') columns.push(column.text('detail', F.detail, { width: 200 }));
  columns.push(
    column.text('guideName', F.guide, { width: 110 }),
    tab === 'toAssign'
      ? column.time('levelChangedAt', F.levelChangedAt)
      : column.text('nextFollowUpOn', F.nextFollowUpOn, { width: 120 }),
    column.time('lastFollowUpAt', F.lastFollowUpAt),
  );
  return columns;
}

/**
 * 会员跟进 (memberStore): the store's follow-up work as tabs with counts — to assign, mine, overdue, equity
 * to activate, repurchase due — with batch 分配导购, 记录跟进 and 激活权益 per row.
 */
export function MemberStorePage() {
  const { storeCode, listQuery, list } = useStoreList(memberStoreUrlShape, {
    views: VIEWS,
    key: (store, query) => memberKeys.list(store, tabOf(query)),
    endpoint: () => memberEndpoints.storeList,
    filters: memberStoreFiltersOf,
  });
  const { query, setQuery } = listQuery;
  const tab = tabOf(query);
  const columns = useColumns(tab);
  const refresh = useRefresh(memberKeys.all);
  const links = useMenuPageLinks();
  const [assigning, setAssigning] = useState<string[] | null>(null);
  const [following, setFollowing] = useState<string | null>(null);
  const counts = useQuery({
    queryKey: memberKeys.counts(storeCode),
    queryFn: ({ signal }) => call(memberEndpoints.storeCounts, { storeCode }, { signal }),
    enabled: Boolean(storeCode),
  });
  const onlyMember = query.memberId !== '';

  const rowActions: RowAction<MemberStoreRow>[] = [
    {
      key: 'follow',
      label: L.actions.follow,
      permission: ['member:follow'],
      onClick: (row) => setFollowing(row.memberId),
    },
    {
      key: 'assign',
      label: L.actions.assign,
      permission: ['member:assign'],
      allowed: () => tab === 'toAssign' || tab === 'mine' || tab === 'overdue',
      onClick: (row) => setAssigning([row.memberId]),
    },
    {
      key: 'activate',
      label: L.actions.activate,
      permission: ['member:follow'],
      allowed: (row) => tab === 'equity' && row.equityId !== null,
      onClick: async (row) => {
        await call(memberEndpoints.activateEquity, {
          storeCode,
          memberId: row.memberId,
          equityId: row.equityId!,
        });
        notify.success(L.activated);
        refresh();
      },
    },
    {
      key: 'profile',
      label: L.actions.profile,
      onClick: (row) => links.open('memberInquiry', { memberId: row.memberId }),
    },
  ];
  const batchActions: BatchAction<MemberStoreRow>[] =
    tab === 'toAssign'
      ? [
          {
            key: 'assign',
            label: L.actions.assign,
            permission: ['member:assign'],
            onClick: (rows) => setAssigning(rows.map((r) => r.memberId)),
          },
        ]
      : [];

  return (
    <>
      <ListPage
        title={L.titles.store}
        name="member-store"
        list={list}
        columns={columns}
        rowKey="memberId"
        rowActions={rowActions}
        batchActions={batchActions}
        empty={{ description: L.store.empty[tab] }}
        tabs={{
          value: tab,
          options: MEMBER_STORE_TABS.map((value) => ({
            value,
            label: L.store.tab(MEMBER_STORE_TAB_TEXT[value], counts.data?.[value]),
          })),
          onChange: (next) =>
            setQuery({
              tab: next as MemberStoreTab,
              activateUser: undefined,
              permissionUser: undefined,
              memberId: '',
            }),
        }}
        notice={
          onlyMember ? (
            <Alert
              type="info"
              showIcon
              data-testid="member-store-only"
              title={L.store.onlyMember}
              action={
                <Button size="small" onClick={() => setQuery({ memberId: '' })}>
                  {L.store.showAll}
                </Button>
              }
            />
          ) : null
        }
        filters={
          <KeywordFilters
            listQuery={listQuery}
            name="member-store"
            placeholder={L.store.keywordPlaceholder}
          />
        }
      />
      {assigning ? (
        <AssignGuideDialog
          storeCode={storeCode}
          memberIds={assigning}
          onClose={() => setAssigning(null)}
          onDone={refresh}
        />
      ) : null}
      {following ? (
        <FollowUpDialog
          storeCode={storeCode}
          memberId={following}
          onClose={() => setFollowing(null)}
          onDone={refresh}
        />
      ) : null}
    </>
  );
}
