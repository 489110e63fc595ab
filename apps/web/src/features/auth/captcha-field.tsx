import { SafetyCertificateOutlined } from '@ant-design/icons';
import { Form, Input, Spin } from 'antd';
import { FIELD_RULES } from './field-rules';
import styles from './login-page.module.css';
import { AUTH_LABELS } from './labels';
import type { useCaptcha } from './use-captcha';

/** 验证码 input beside the captcha image; clicking the image fetches a new one. */
export function CaptchaField({ captcha }: { captcha: ReturnType<typeof useCaptcha> }) {
  const image = captcha.data;
  return (
    <Form.Item>
      <div className={styles.captchaRow}>
        <Form.Item name="code" noStyle rules={FIELD_RULES.captcha}>
          <Input
            prefix={<SafetyCertificateOutlined />}
            placeholder={AUTH_LABELS.placeholders.captcha}
            aria-label={AUTH_LABELS.fields.captcha}
            maxLength={8}
            autoComplete="off"
            data-testid="login-captcha-input"
          />
        </Form.Item>
        <button
          type="button"
          className={styles.captchaImage}
          onClick={() => void captcha.refetch()}
          title={AUTH_LABELS.captchaRefresh}
          aria-label={AUTH_LABELS.captchaRefresh}
          aria-busy={captcha.isFetching}
        >
          {image ? (
            <img
              src={image.img}
              alt={AUTH_LABELS.fields.captcha}
              data-testid="login-captcha-img"
              data-uuid={image.uuid}
              className={captcha.isFetching ? styles.captchaStale : undefined}
            />
          ) : captcha.isError ? (
            <span className={styles.captchaRetry}>{AUTH_LABELS.captchaRetry}</span>
          ) : (
            <Spin size="small" />
          )}
        </button>
      </div>
    </Form.Item>
  );
}
