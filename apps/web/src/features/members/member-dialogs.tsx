import {
  FOLLOW_UP_CHANNELS,
  FOLLOW_UP_CHANNEL_TEXT,
  FOLLOW_UP_CONTENT_MAX,
  FOLLOW_UP_RESULTS,
  FOLLOW_UP_RESULT_TEXT,
  memberEndpoints,
  type MemberTag,
} from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Checkbox, DatePicker, Form, Image, Modal, Radio, Select, Space, Spin, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { KeyboardEvent } from 'react';
import { FormDialog } from '../../components/form-dialog/form-dialog';
import { FormAlert, TextAreaField } from '../../components/form-dialog/form-fields';
import { call } from '../../lib/http';
import { MEMBER_LABELS } from './labels';
import { memberKeys } from './member-keys';
import styles from './members.module.css';

const L = MEMBER_LABELS;

type DialogProps = { storeCode: string; onClose(): void; onDone(): void };

/** 打标签: the store's tags by group; rule tags are shown, not set by hand. */
export function TagDialog({
  storeCode,
  memberId,
  current,
  onClose,
  onDone,
}: DialogProps & { memberId: string; current: readonly MemberTag[] }) {
  const options = useQuery({
    queryKey: memberKeys.tagOptions(storeCode),
    queryFn: ({ signal }) => call(memberEndpoints.tagOptions, { storeCode }, { signal }),
  });
  type Values = { tagIds: number[] };
  return (
    <FormDialog<Values>
      open
      title={L.tagDialog.title}
      testId="member-tag-dialog"
      doneText={L.tagDialog.done}
      initialValues={{ tagIds: current.filter((t) => t.kind === 'manual').map((t) => t.tagId) }}
      schema={memberEndpoints.setTags.request}
      context={{ storeCode, memberId }}
      onClose={onClose}
      onDone={onDone}
      submit={(values) =>
        call(
          memberEndpoints.setTags,
          { storeCode, memberId, tagIds: values.tagIds ?? [] },
          { flags: { silent: true } },
        )
      }
    >
      {options.isLoading ? <Spin /> : null}
      <FormAlert type="info" title={L.tagDialog.hint} testId="member-tag-hint" />
      <Form.Item name="tagIds">
        <Checkbox.Group className={styles.tagGroups}>
          {(options.data ?? []).map((group) => (
            <div
              key={group.groupCode}
              className={styles.tagGroup}
              data-testid={`tag-group-${group.groupCode}`}
            >
              <div className={styles.tagGroupName}>{group.groupName}</div>
              <Space wrap>
                {group.tags.map((tag) =>
                  tag.kind === 'rule' ? (
                    <Tag key={tag.tagId} color="blue">
                      {tag.name}（{L.ruleTag}）
                    </Tag>
                  ) : (
                    <Checkbox key={tag.tagId} value={tag.tagId} data-testid={`tag-option-${tag.tagId}`}>
                      {tag.name}
                    </Checkbox>
                  ),
                )}
              </Space>
            </div>
          ))}
        </Checkbox.Group>
      </Form.Item>
    </FormDialog>
  );
}

/** 分配导购: one or many members of the store to an enabled clerk of the store. */
export function AssignGuideDialog({
  storeCode,
  memberIds,
  onClose,
  onDone,
}: DialogProps & { memberIds: readonly string[] }) {
  const guides = useQuery({
    queryKey: memberKeys.guides(storeCode),
    queryFn: ({ signal }) => call(memberEndpoints.guideOptions, { storeCode }, { signal }),
  });
  type Values = { guideUserId: number };
  return (
    <FormDialog<Values>
      open
      title={memberIds.length > 1 ? L.assignDialog.batchTitle(memberIds.length) : L.assignDialog.title}
      testId="member-assign-dialog"
      doneText={L.assignDialog.done}
      schema={memberEndpoints.assignGuide.request}
      context={{ storeCode, memberIds: [...memberIds] }}
      onClose={onClose}
      onDone={onDone}
      submit={(values) =>
        call(
          memberEndpoints.assignGuide,
          { storeCode, memberIds: [...memberIds], guideUserId: values.guideUserId },
          { flags: { silent: true } },
        )
      }
    >
      <Form.Item
        name="guideUserId"
        label={L.assignDialog.guide}
        rules={[{ required: true, message: L.assignDialog.guideRequired }]}
      >
        <Select
          data-testid="member-assign-guide"
          showSearch={{ optionFilterProp: 'label' }}
          loading={guides.isLoading}
          placeholder={L.assignDialog.guidePlaceholder}
          options={(guides.data ?? []).map((g) => ({
            value: g.userId,
            label: `${g.nickName}（${L.assignDialog.members(g.members)}）`,
          }))}
        />
      </Form.Item>
    </FormDialog>
  );
}

type FollowValues = {
  channel: (typeof FOLLOW_UP_CHANNELS)[number];
  result: (typeof FOLLOW_UP_RESULTS)[number];
  content: string;
  nextOn?: Dayjs | null;
};

/** 记录跟进: channel, result, what was said and the next date; Enter in the text submits. */
export function FollowUpDialog({ storeCode, memberId, onClose, onDone }: DialogProps & { memberId: string }) {
  const toInput = (values: FollowValues) => ({
    storeCode,
    memberId,
    channel: values.channel,
    result: values.result,
    content: (values.content ?? '').trim(),
    nextOn: values.nextOn ? values.nextOn.format('YYYY-MM-DD') : null,
  });
  return (
    <FormDialog<FollowValues>
      open
      title={L.followDialog.title}
      testId="member-follow-dialog"
      doneText={L.followDialog.done}
      initialValues={{ channel: 'phone', result: 'reached', content: '' }}
      schema={memberEndpoints.followUp.request}
      toInput={toInput}
      onClose={onClose}
      onDone={onDone}
      submit={(values) => call(memberEndpoints.followUp, toInput(values), { flags: { silent: true } })}
    >
      {(form) => (
        <>
          <Form.Item name="channel" label={L.followDialog.channel}>
            <Radio.Group
              data-testid="member-follow-channel"
              options={FOLLOW_UP_CHANNELS.map((value) => ({ value, label: FOLLOW_UP_CHANNEL_TEXT[value] }))}
            />
          </Form.Item>
          <Form.Item name="result" label={L.followDialog.result}>
            <Radio.Group
              data-testid="member-follow-result"
              options={FOLLOW_UP_RESULTS.map((value) => ({ value, label: FOLLOW_UP_RESULT_TEXT[value] }))}
            />
          </Form.Item>
          <TextAreaField
            name="content"
            label={L.followDialog.content}
            max={FOLLOW_UP_CONTENT_MAX}
            placeholder={L.followDialog.contentPlaceholder}
            testId="member-follow-content"
            onPressEnter={(event: KeyboardEvent<HTMLTextAreaElement>) => {
              if (event.shiftKey || event.nativeEvent.isComposing) return;
              event.preventDefault();
              form.submit();
            }}
          />
          <Form.Item name="nextOn" label={L.followDialog.nextOn}>
            <DatePicker
              data-testid="member-follow-next"
              disabledDate={(day) => day.isBefore(dayjs(), 'day')}
              style={{ width: '100%' }}
            />
          </Form.Item>
        </>
      )}
    </FormDialog>
  );
}

/** 活动二维码: `wx/createActivityQr` drawn as an image for the member to scan. */
export function ActivityQrDialog({
  storeCode,
  memberId,
  onClose,
}: Omit<DialogProps, 'onDone'> & { memberId: string }) {
  const qr = useQuery({
    queryKey: ['members', 'qr', storeCode, memberId],
    queryFn: () => call(memberEndpoints.activityQr, { storeCode, memberId }),
    gcTime: 0,
  });
  return (
    <Modal
      open
      title={L.qrDialog.title}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{L.qrDialog.close}</Button>}
      width={360}
      destroyOnHidden
    >
      <div className={styles.qr} data-testid="member-qr-dialog">
        {qr.data ? (
          <Image
            src={qr.data.image}
            alt={L.qrDialog.alt}
            width={240}
            preview={false}
            data-testid="member-qr"
          />
        ) : (
          <Spin />
        )}
        <p>{L.qrDialog.hint}</p>
      </div>
    </Modal>
  );
}
