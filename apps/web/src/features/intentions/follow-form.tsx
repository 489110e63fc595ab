import { FOLLOW_NOTE_MAX, type IntentionDetail } from '@console/contract';
import { Alert, Button, Form, Input, Radio } from 'antd';
import { useState, type KeyboardEvent } from 'react';
import { isApiError } from '../../lib/http';
import { notify } from '../../lib/notify';
import { intentionsApi } from './intentions-api';
import styles from './intentions.module.css';
import { INTENTION_LABELS } from './labels';

const L = INTENTION_LABELS.follow;
type Values = { note: string; status: 'following' | 'closed' };

/** A follow-up always carries a note here; closing without one gets the server's own wording. */
export function followNoteError(values: Partial<Values>): string | null {
  const note = (values.note ?? '').trim();
  if (values.status === 'closed' && note === '') return L.closeNoteRequired;
  if (note === '' && values.status !== 'closed') return L.noteRequired;
  return null;
}

type Props = {
  storeCode: string;
  intention: IntentionDetail;
  onDone(detail: IntentionDetail): void;
};

/** 跟进: a note and the status after it; Enter in the note submits, Shift+Enter starts a new line. */
export function FollowForm({ storeCode, intention, onDone }: Props) {
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const finish = async (values: Values) => {
    const invalid = followNoteError(values);
    if (invalid) {
      setError(invalid);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const detail = await intentionsApi.follow({
        storeCode,
        omsConsultantsNo: intention.omsConsultantsNo,
        note: values.note.trim(),
        status: values.status,
      });
      notify.success(L.done);
      form.resetFields();
      onDone(detail);
    } catch (failure) {
      setError(isApiError(failure) ? failure.message : INTENTION_LABELS.common.loadFailed);
    } finally {
      setBusy(false);
    }
  };

  const submitOnEnter = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    form.submit();
  };

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      className={styles.followForm}
      initialValues={{ note: '', status: 'following' }}
      onFinish={(values) => void finish(values)}
      data-testid="follow-form"
    >
      {error ? (
        <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} data-testid="follow-error" />
      ) : null}
      <Form.Item name="note" label={L.note}>
        <Input.TextArea
          data-testid="follow-note"
          rows={3}
          maxLength={FOLLOW_NOTE_MAX}
          showCount
          placeholder={L.notePlaceholder}
          onPressEnter={submitOnEnter}
        />
      </Form.Item>
      <Form.Item name="status" label={L.status}>
        <Radio.Group
          data-testid="follow-status"
          options={[
            { value: 'following', label: L.keepFollowing },
            { value: 'closed', label: L.close },
          ]}
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={busy} data-testid="follow-submit">
        {L.submit}
      </Button>
    </Form>
  );
}
