import { EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import { useId, useState, type ReactNode } from 'react';
import styles from './login-controls.module.css';
import { AUTH_LABELS } from './labels';

type TextFieldProps = {
  label: string;
  placeholder: string;
  icon: ReactNode;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  /** Grey help under the field (e.g. the password rules). */
  extra?: ReactNode;
  /** Beside the input: the captcha image, or a button joined to it (`joined`). */
  addon?: ReactNode;
  joined?: boolean;
  password?: boolean;
  maxLength: number;
  autoComplete: string;
  inputMode?: 'tel' | 'numeric';
  testId: string;
};

/** A large input with its icon, and its error under it (antd Form.Item look, without antd Form). */
export function TextField(props: TextFieldProps) {
  const { label, placeholder, icon, value, onChange, error, extra, addon, joined, password, testId } = props;
  const id = useId();
  const [revealed, setRevealed] = useState(false);
  const describedBy = [error ? `${id}-error` : '', extra ? `${id}-extra` : ''].filter(Boolean).join(' ');
  const boxClass = [styles.input, error ? styles.invalid : '', joined ? styles.joined : '']
    .filter(Boolean)
    .join(' ');
  return (
    <div className={error && !extra ? styles.fieldWithError : styles.field}>
      <div className={styles.fieldRow}>
        <span className={boxClass}>
          <span className={styles.prefix} aria-hidden="true">
            {icon}
          </span>
          <input
            type={password && !revealed ? 'password' : 'text'}
            value={value}
            onChange={(event) => onChange(event.target.value)}
            placeholder={placeholder}
            aria-label={label}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy || undefined}
            maxLength={props.maxLength}
            autoComplete={props.autoComplete}
            inputMode={props.inputMode}
            data-testid={testId}
          />
          {password && (
            <button
              type="button"
              className={styles.reveal}
              onClick={() => setRevealed((shown) => !shown)}
              aria-label={revealed ? AUTH_LABELS.hidePassword : AUTH_LABELS.showPassword}
              aria-pressed={revealed}
            >
              {revealed ? <EyeOutlined /> : <EyeInvisibleOutlined />}
            </button>
          )}
        </span>
        {addon}
      </div>
      {error && (
        <div id={`${id}-error`} className={styles.explain} role="alert">
          {error}
        </div>
      )}
      {extra && (
        <div id={`${id}-extra`} className={styles.extra}>
          {extra}
        </div>
      )}
    </div>
  );
}
