import { FOLLOW_NOTE_MAX, intentionEndpoints, type IntentionDetail } from '@console/contract';
import { Button, Form, Radio } from 'antd';
import type { KeyboardEvent } from 'react';
import { FormAlert, TextAreaField } from '../../components/form-dialog/form-fields';
import { useFormSubmit } from '../../components/form-dialog/use-form-submit';
import { call } from '../../lib/http';
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
  const context = { storeCode, omsConsultantsNo: intention.omsConsultantsNo };
  const { busy, error, finish } = useFormSubmit<Values>({
    form,
    doneText: L.done,
    check: followNoteError,
    schema: intentionEndpoints.follow.request,
    context,
    onDone: () => form.resetFields(),
    // Silent: the form shows the refusal above the note.
    submit: async (values) =>
      onDone(
        await call(
          intentionEndpoints.follow,
          { ...context, note: values.note.trim(), status: values.status },
          { flags: { silent: true } },
        ),
      ),
  });

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
      {error ? <FormAlert type="error" title={error} testId="follow-error" /> : null}
      <TextAreaField
        name="note"
        label={L.note}
        max={FOLLOW_NOTE_MAX}
        placeholder={L.notePlaceholder}
        testId="follow-note"
        onPressEnter={submitOnEnter}
      />
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
