import { ExclamationCircleFilled } from '@ant-design/icons';
import styles from './login-controls.module.css';

type NoticeProps = { message: string; tone: 'error' | 'warning'; role?: 'alert'; testId?: string };

/** An inline message block in the card (antd Alert look with its icon). */
export function InlineNotice({ message, tone, role, testId }: NoticeProps) {
  return (
    <div className={`${styles.notice} ${styles[tone]}`} role={role} data-testid={testId}>
      <ExclamationCircleFilled className={styles.noticeIcon} aria-hidden="true" />
      <span>{message}</span>
    </div>
  );
}

/** A failed sign-in or code request, shown in the form with the warning icon (spec 2.3). */
export function FormError({ message, testId = 'login-error' }: { message: string | null; testId?: string }) {
  if (!message) return null;
  return <InlineNotice message={message} tone="error" role="alert" testId={testId} />;
}
