import { SafetyCertificateOutlined } from '@ant-design/icons';
import { Spin } from 'antd';
import styles from './login-page.module.css';
import { AUTH_LABELS } from './labels';
import { TextField } from './text-field';
import type { useCaptcha } from './use-captcha';

type CaptchaFieldProps = {
  captcha: ReturnType<typeof useCaptcha>;
  value: string;
  error?: string | null;
  onChange: (value: string) => void;
};

/** 验证码 input beside the captcha image; clicking the image fetches a new one. */
export function CaptchaField({ captcha, value, error, onChange }: CaptchaFieldProps) {
  const image = captcha.data;
  return (
    <TextField
      label={AUTH_LABELS.fields.captcha}
      placeholder={AUTH_LABELS.placeholders.captcha}
      icon={<SafetyCertificateOutlined />}
      value={value}
      error={error}
      onChange={onChange}
      maxLength={8}
      autoComplete="off"
      testId="login-captcha-input"
      addon={
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
      }
    />
  );
}
