import { MOBILE_PATTERN, type MemberSummary } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Form, Input, List, Tag } from 'antd';
import { useState } from 'react';
import { isApiError } from '../../lib/http';
import { VALET_LABELS } from './labels';
import { valetApi, valetKeys } from './valet-api';
import styles from './valet-orders.module.css';

const L = VALET_LABELS.member;

type Props = {
  storeCode: string;
  selected: MemberSummary | null;
  onSelect(member: MemberSummary): void;
  /** A member number or phone to search at once (代客下单 opened from a member's profile). */
  initialKeywords?: string;
};

function MemberLine({ member }: { member: MemberSummary }) {
  return (
    <span className={styles.memberLine}>
      <strong>{member.name}</strong>
      <span>{member.phoneMasked}</span>
      <span className={styles.muted}>{member.memberNo}</span>
      {member.temporary ? <Tag color="orange">{L.temporaryTag}</Tag> : <Tag>{L.level(member.level)}</Tag>}
      <Tag color="gold">{L.points(member.points)}</Tag>
    </span>
  );
}

/** 选择会员: search by phone, member number or name (Enter), or make a temporary member at the counter. */
export function MemberStep({ storeCode, selected, onSelect, initialKeywords = '' }: Props) {
  const [keywords, setKeywords] = useState(initialKeywords.trim().slice(0, 32));
  const [temporaryError, setTemporaryError] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const found = useQuery({
    queryKey: valetKeys.members(storeCode, keywords),
    queryFn: ({ signal }) => valetApi.searchMembers(storeCode, keywords, signal),
    enabled: keywords !== '',
  });

  const addTemporary = async (values: { name: string; phone: string }) => {
    setAdding(true);
    setTemporaryError(null);
    try {
      onSelect(await valetApi.addTemporaryMember(storeCode, values.name.trim(), values.phone.trim()));
    } catch (failure) {
      setTemporaryError(isApiError(failure) ? failure.message : VALET_LABELS.common.loadFailed);
    } finally {
      setAdding(false);
    }
  };

  return (
    <div className={styles.step} data-testid="member-step">
      {selected ? (
        <Alert
          type="success"
          showIcon
          data-testid="member-selected"
          title={
            <span>
              {L.selected}：<MemberLine member={selected} />
            </span>
          }
        />
      ) : null}
      <Input.Search
        data-testid="member-search"
        allowClear
        enterButton
        maxLength={32}
        defaultValue={keywords}
        placeholder={L.searchPlaceholder}
        loading={found.isFetching}
        onSearch={(value) => setKeywords(value.trim())}
      />
      {keywords ? (
        <List<MemberSummary>
          data-testid="member-results"
          bordered
          loading={found.isFetching}
          dataSource={found.data ?? []}
          locale={{ emptyText: <Empty description={L.searchEmpty} image={Empty.PRESENTED_IMAGE_SIMPLE} /> }}
          renderItem={(member) => {
            const chosen = selected?.memberId === member.memberId;
            return (
              <List.Item
                data-testid="member-option"
                actions={[
                  <Button
                    key="choose"
                    data-testid="member-choose"
                    type={chosen ? 'primary' : 'default'}
                    size="small"
                    onClick={() => onSelect(member)}
                  >
                    {chosen ? L.chosen : L.choose}
                  </Button>,
                ]}
              >
                <MemberLine member={member} />
              </List.Item>
            );
          }}
        />
      ) : null}
      <Card size="small" title={L.temporaryTitle}>
        <p className={styles.muted}>{L.temporaryHint}</p>
        {temporaryError ? (
          <Alert type="error" showIcon title={temporaryError} style={{ marginBottom: 12 }} />
        ) : null}
        <Form<{ name: string; phone: string }>
          layout="inline"
          className={styles.inlineForm}
          data-testid="temporary-member-form"
          onFinish={(values) => void addTemporary(values)}
        >
          <Form.Item
            name="phone"
            rules={[
              { required: true, message: L.phoneRequired },
              { pattern: MOBILE_PATTERN, message: L.phoneInvalid },
            ]}
          >
            <Input placeholder={L.phone} maxLength={11} data-testid="temporary-phone" />
          </Form.Item>
          <Form.Item name="name" rules={[{ required: true, whitespace: true, message: L.nameRequired }]}>
            <Input placeholder={L.name} maxLength={64} data-testid="temporary-name" />
          </Form.Item>
          <Form.Item>
            <Button htmlType="submit" loading={adding} data-testid="temporary-add">
              {L.addTemporary}
            </Button>
          </Form.Item>
        </Form>
      </Card>
    </div>
  );
}
