import { ExclamationCircleFilled } from '@ant-design/icons';
import { Alert } from 'antd';
import styles from './login-page.module.css';

/** A failed sign-in or code request, shown in the form with the warning icon (spec 2.3). */
export function FormError({ message, testId = 'login-error' }: { message: string | null; testId?: string }) {
  if (!message) return null;
  return (
    <Alert
      className={styles.formError}
      type="error"
      showIcon
      icon={<ExclamationCircleFilled />}
      title={message}
      role="alert"
      data-testid={testId}
    />
  );
}
