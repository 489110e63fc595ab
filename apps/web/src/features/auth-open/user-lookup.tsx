import { MOBILE_PATTERN, WORK_CODE_PATTERN, type CheckUserInfoBody } from '@console/contract';
import { Flex, Form, Input, Segmented } from 'antd';
import { useState } from 'react';
import { AUTH_OPEN_LABELS } from './labels';

const L = AUTH_OPEN_LABELS.lookup;
type By = keyof CheckUserInfoBody;

/** Work code or phone; Enter (or the button) submits once the value has the right shape. */
export function UserLookup({
  loading,
  onLookup,
}: {
  loading: boolean;
  onLookup: (body: CheckUserInfoBody) => void;
}) {
  const [by, setBy] = useState<By>('workCode');
  const [form] = Form.useForm<{ value: string }>();
  const pattern = by === 'workCode' ? WORK_CODE_PATTERN : MOBILE_PATTERN;

  const submit = async () => {
    const { value } = await form.validateFields();
    onLookup({ [by]: value.trim() });
  };

  return (
    <Flex vertical gap={8}>
      <Segmented<By>
        style={{ alignSelf: 'flex-start' }}
        value={by}
        onChange={(next) => {
          setBy(next);
          form.resetFields();
        }}
        options={[
          { value: 'workCode', label: L.by.workCode },
          { value: 'phone', label: L.by.phone },
        ]}
      />
      <Form form={form} onFinish={() => void submit()} style={{ maxWidth: 420 }}>
        <Form.Item
          name="value"
          extra={L.hint}
          rules={[
            { required: true, whitespace: true, message: L.required[by] },
            { pattern, message: L.invalid[by], transform: (v: string) => v?.trim() },
          ]}
        >
          <Input.Search
            allowClear
            data-testid="auth-open-lookup"
            placeholder={L.placeholder[by]}
            enterButton={L.submit}
            loading={loading}
            maxLength={by === 'phone' ? 11 : 32}
            inputMode={by === 'phone' ? 'numeric' : 'text'}
            onSearch={() => void submit().catch(() => undefined)}
          />
        </Form.Item>
      </Form>
    </Flex>
  );
}
