import { memberEndpoints, type MemberHit, type MemberProfile } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Input, List, Table, Tag, Timeline, Typography } from 'antd';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  DetailPage,
  useDetailQuery,
  type DetailAction,
  loadDetail,
} from '../../components/detail/detail-page';
import detailStyles from '../../components/detail/detail.module.css';
import { InfoSection, infoField } from '../../components/detail/info-section';
import { useMenuPageLinks } from '../../components/use-menu-page-links';
import { formatTime, formatYuan } from '../../lib/format/display';
import { call } from '../../lib/http';
import { useRefresh } from '../../lib/use-refresh';
import { useStoreCode } from '../../stores/use-store-code';
import { MEMBER_LABELS } from './labels';
import { ActivityQrDialog, AssignGuideDialog, FollowUpDialog, TagDialog } from './member-dialogs';
import { memberKeys } from './member-keys';
import styles from './members.module.css';

const L = MEMBER_LABELS;
const F = L.fields;
type Dialog = 'tag' | 'assign' | 'follow' | 'qr' | null;

function HitLine({ hit }: { hit: MemberHit }) {
  return (
    <span className={styles.hitLine}>
      <strong>{hit.name}</strong>
      <span>{hit.phoneMasked}</span>
      <span className={styles.hint}>{hit.memberNo}</span>
      <Tag color="gold">{hit.levelName}</Tag>
      <span className={styles.hint}>
        {F.points} {hit.points}
      </span>
      {hit.homeStoreName ? <span className={styles.hint}>{hit.homeStoreName}</span> : null}
    </span>
  );
}

/** The search: full phone, member number or a scanned code (a scanner types it and presses Enter). */
function MemberSearch({ storeCode, hrefOf }: { storeCode: string; hrefOf(hit: MemberHit): string }) {
  const [params, setParams] = useSearchParams();
  const keywords = params.get('keywords')?.trim() ?? '';
  const found = useQuery({
    queryKey: memberKeys.search(storeCode, keywords),
    queryFn: ({ signal }) => call(memberEndpoints.inquiry, { storeCode, keywords }, { signal }),
    enabled: Boolean(storeCode) && keywords !== '',
  });
  return (
    <Card title={L.titles.inquiry} data-testid="member-inquiry-page">
      <div className={styles.search}>
        <Input.Search
          data-testid="member-inquiry-search"
          allowClear
          enterButton
          autoFocus
          maxLength={80}
          defaultValue={keywords}
          placeholder={L.inquiry.placeholder}
          loading={found.isFetching}
          onSearch={(value) => {
            const next = value.trim();
            setParams(next ? { keywords: next } : {});
          }}
        />
        <div className={styles.hint}>{L.inquiry.hint}</div>
        {keywords ? (
          <List<MemberHit>
            data-testid="member-inquiry-results"
            bordered
            header={found.data ? L.inquiry.results(found.data.length) : null}
            loading={found.isFetching}
            dataSource={found.data ?? []}
            locale={{
              emptyText: <Empty description={L.inquiry.empty} image={Empty.PRESENTED_IMAGE_SIMPLE} />,
            }}
            renderItem={(hit) => (
              <List.Item
                data-testid="member-inquiry-hit"
                actions={[
                  <Link key="open" to={hrefOf(hit)} data-testid="member-inquiry-open">
                    {L.inquiry.open}
                  </Link>,
                ]}
              >
                <HitLine hit={hit} />
              </List.Item>
            )}
          />
        ) : null}
      </div>
    </Card>
  );
}

function LevelSection({ member }: { member: MemberProfile }) {
  return (
    <InfoSection
      title={L.sections.level}
      testId="member-level-section"
      fields={[
        infoField.text(F.level, <Tag color="gold">{member.levelName}</Tag>),
        infoField.text(F.growth, String(member.growth)),
        infoField.text(
          F.toNext,
          member.nextLevelName && member.growthToNext !== null
            ? L.toNext(member.nextLevelName, member.growthToNext)
            : L.topLevel,
        ),
        infoField.time(F.levelChangedAt, member.levelChangedAt),
        infoField.text(
          '会员权益',
          member.equities.length === 0 ? (
            L.none
          ) : (
            <span className={styles.equity}>
              {member.equities.map((e) => (
                <Tag
                  key={e.equityId}
                  color={e.activatedAt ? 'green' : e.needsActivation ? 'orange' : 'default'}
                  data-testid="member-equity"
                >
                  {e.name} ·{' '}
                  {e.activatedAt ? L.equity.activated : e.needsActivation ? L.equity.pending : L.equity.auto}
                </Tag>
              ))}
            </span>
          ),
          { span: 'filled' },
        ),
      ]}
    />
  );
}

function ProfileSections({ member }: { member: MemberProfile }) {
  return (
    <>
      <InfoSection
        title={L.sections.basic}
        testId="member-basic-section"
        fields={[
          infoField.text(F.name, member.temporary ? `${member.name}（${F.temporary}）` : member.name),
          infoField.text(F.phone, <span data-testid="member-phone">{member.phone}</span>),
          infoField.text(F.memberNo, member.memberNo),
          infoField.text(F.homeStore, member.homeStoreName),
          infoField.text(F.channel, member.channelText),
          infoField.text(F.birthday, member.birthday),
          infoField.text(F.consent, member.contactConsent ? L.yes : L.no),
          infoField.time(F.registeredAt, member.registeredAt),
          infoField.text(F.guide, <span data-testid="member-guide">{member.guide?.nickName ?? L.none}</span>),
          infoField.text(F.nextFollowUpOn, member.nextFollowUpOn),
        ]}
      />
      <LevelSection member={member} />
      <InfoSection title={L.sections.tags} testId="member-tags-section">
        {member.tags.length === 0 ? (
          <Typography.Text type="secondary">{L.tagsEmpty}</Typography.Text>
        ) : (
          member.tags.map((tag) => (
            <Tag key={tag.tagId} color={tag.kind === 'rule' ? 'blue' : 'purple'} data-testid="member-tag">
              {tag.groupName} · {tag.name}
            </Tag>
          ))
        )}
      </InfoSection>
      <InfoSection
        title={`${L.sections.points}（${F.points} ${member.points}）`}
        testId="member-points-section"
      >
        <div className={styles.tableWrap}>
          <Table
            size="small"
            rowKey={(row) => `${row.at}-${row.refNo}-${row.delta}`}
            pagination={false}
            dataSource={member.ledger}
            columns={[
              {
                key: 'at',
                title: L.ledger.at,
                dataIndex: 'at',
                width: 170,
                render: (at: string) => formatTime(at),
              },
              { key: 'delta', title: L.ledger.delta, dataIndex: 'delta', align: 'right', width: 90 },
              {
                key: 'balance',
                title: L.ledger.balance,
                dataIndex: 'balanceAfter',
                align: 'right',
                width: 90,
              },
              { key: 'reason', title: L.ledger.reason, dataIndex: 'reasonText', width: 110 },
              { key: 'ref', title: L.ledger.refNo, dataIndex: 'refNo' },
            ]}
          />
        </div>
      </InfoSection>
      <InfoSection title={L.sections.orders} testId="member-orders-section">
        <div className={styles.tableWrap}>
          <Table
            size="small"
            rowKey="omsOrderNo"
            pagination={false}
            dataSource={member.orders}
            columns={[
              { key: 'no', title: L.orders.no, dataIndex: 'omsOrderNo', width: 200 },
              {
                key: 'at',
                title: L.orders.at,
                dataIndex: 'orderedAt',
                width: 170,
                render: (at: string) => formatTime(at),
              },
              { key: 'items', title: L.orders.items, dataIndex: 'items', ellipsis: true },
              {
                key: 'amount',
                title: L.orders.amount,
                dataIndex: 'payCents',
                align: 'right',
                width: 110,
                render: (cents: number) => formatYuan(cents),
              },
              { key: 'store', title: L.orders.store, dataIndex: 'storeName', width: 140 },
              { key: 'status', title: L.orders.status, dataIndex: 'status', width: 90 },
            ]}
          />
        </div>
      </InfoSection>
      <InfoSection title={L.sections.addresses} testId="member-addresses-section">
        {member.addresses.length === 0 ? (
          <Typography.Text type="secondary">{L.none}</Typography.Text>
        ) : (
          <List
            size="small"
            dataSource={member.addresses}
            renderItem={(a) => (
              <List.Item>
                <span className={styles.hitLine}>
                  <strong>{a.receiverName}</strong>
                  <span>{a.receiverPhoneMasked}</span>
                  <span>{a.addressMasked}</span>
                  {a.isDefault ? <Tag color="blue">{L.address.default}</Tag> : null}
                </span>
              </List.Item>
            )}
          />
        )}
      </InfoSection>
      <InfoSection title={L.sections.followUps} testId="member-follow-ups-section">
        {member.followUps.length === 0 ? (
          <Empty description={L.followUpsEmpty} image={Empty.PRESENTED_IMAGE_SIMPLE} />
        ) : (
          <Timeline
            className={detailStyles.timeline}
            items={member.followUps.map((f, index) => ({
              key: index,
              content: (
                <div data-testid="member-follow-row">
                  <div>
                    <Tag>{f.channelText}</Tag>
                    <Tag color="green">{f.resultText}</Tag>
                    {f.content}
                  </div>
                  <div className={detailStyles.hint}>
                    {formatTime(f.at)} · {f.userName} · {f.storeName}
                    {f.nextOn ? ` · ${F.nextFollowUpOn} ${f.nextOn}` : ''}
                  </div>
                </div>
              ),
            }))}
          />
        )}
      </InfoSection>
    </>
  );
}

/**
 * 会员查询 (memberInquiry): the search, and with `memberId` the member's profile (full phone, audited on the
 * server) with 打标签, 分配导购, 记录跟进, 代客下单 and 活动二维码; `isTag=1` (a message's 去打标) opens 打标签.
 */
export function MemberInquiryPage() {
  const storeCode = useStoreCode();
  const [params, setParams] = useSearchParams();
  const links = useMenuPageLinks();
  const refresh = useRefresh(memberKeys.all);
  const memberId = params.get('memberId')?.trim() || null;
  const [chosen, setDialog] = useState<Dialog>(null);
  // A message's 去打标 (`isTag=1`) opens 打标签 until it is closed.
  const dialog: Dialog = chosen ?? (params.get('isTag') === '1' ? 'tag' : null);
  const detail = useDetailQuery({
    key: memberKeys.profile(storeCode),
    recordKey: memberId,
    load: loadDetail(memberEndpoints.profile, (id: string) => ({ storeCode, memberId: id })),
  });
  const hrefOf = (hit: MemberHit) => `?${new URLSearchParams({ memberId: hit.memberId })}`;
  if (!memberId) return <MemberSearch storeCode={storeCode} hrefOf={hrefOf} />;

  const close = () => {
    setDialog(null);
    if (params.get('isTag')) {
      const next = new URLSearchParams(params);
      next.delete('isTag');
      setParams(next, { replace: true });
    }
  };
  const actions = (member: MemberProfile): DetailAction[] => [
    {
      key: 'tag',
      label: L.actions.tag,
      allowed: member.actions.tag,
      permission: ['member:tag'],
      primary: true,
      onClick: () => setDialog('tag'),
    },
    {
      key: 'assign',
      label: L.actions.assign,
      allowed: member.actions.assign,
      permission: ['member:assign'],
      onClick: () => setDialog('assign'),
    },
    {
      key: 'follow',
      label: L.actions.follow,
      allowed: member.actions.follow,
      permission: ['member:follow'],
      onClick: () => setDialog('follow'),
    },
    {
      key: 'valet',
      label: L.actions.valet,
      allowed: !member.temporary && links.href('ValetOrderCreate') !== null,
      permission: ['valetOrder:create'],
      onClick: () => links.open('ValetOrderCreate', { memberNo: member.memberNo }),
    },
    { key: 'qr', label: L.actions.qr, allowed: true, onClick: () => setDialog('qr') },
  ];

  return (
    <DetailPage
      title={L.titles.profile}
      testId="member-profile-page"
      actionTestId="member-action"
      detail={detail}
      recordNo={(member) => member.name}
      backTo={links.href('memberInquiry')}
      missingKey={L.inquiry.missing}
      actions={actions}
      onRefresh={refresh}
    >
      {(member) => (
        <>
          <ProfileSections member={member} />
          {dialog === 'tag' ? (
            <TagDialog
              storeCode={storeCode}
              memberId={member.memberId}
              current={member.tags}
              onClose={close}
              onDone={refresh}
            />
          ) : null}
          {dialog === 'assign' ? (
            <AssignGuideDialog
              storeCode={storeCode}
              memberIds={[member.memberId]}
              onClose={close}
              onDone={refresh}
            />
          ) : null}
          {dialog === 'follow' ? (
            <FollowUpDialog
              storeCode={storeCode}
              memberId={member.memberId}
              onClose={close}
              onDone={refresh}
            />
          ) : null}
          {dialog === 'qr' ? (
            <ActivityQrDialog storeCode={storeCode} memberId={member.memberId} onClose={close} />
          ) : null}
        </>
      )}
    </DetailPage>
  );
}
