import { HomeOutlined } from '@ant-design/icons';
import { Button, Result, Space } from 'antd';
import type { ResultProps } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { BrandMark } from '../../components/brand-mark';
import { APP_LABELS } from '../../app/labels';
import styles from './status-page.module.css';
import { ERROR_LABELS } from './labels';

type StatusPageProps = {
  status?: ResultProps['status'];
  icon?: ReactNode;
  title: string;
  description: string;
  /** Buttons before 返回首页. */
  extra?: ReactNode;
  /** More under the description (the maintenance page's progress). */
  detail?: ReactNode;
  /** Inside the main frame rather than on a screen of its own. */
  inline?: boolean;
};

/** The frame of every error and placeholder page: illustration, message and a way home. */
export function StatusPage({
  status,
  icon,
  title,
  description,
  extra,
  detail,
  inline = false,
}: StatusPageProps) {
  const navigate = useNavigate();
  const result = (
    <Result
      status={status}
      icon={icon}
      title={title}
      subTitle={description}
      extra={
        <Space wrap>
          {extra}
          <Button
            type="primary"
            size="middle"
            icon={<HomeOutlined />}
            onClick={() => navigate('/')}
            data-testid="back-home"
          >
            {ERROR_LABELS.backHome}
          </Button>
        </Space>
      }
    >
      {detail}
    </Result>
  );
  if (inline) return <div className={styles.inline}>{result}</div>;
  return (
    <div className={styles.screen}>
      <header className={styles.brand}>
        <BrandMark size={28} />
        {APP_LABELS.productName}
      </header>
      <main className={styles.body}>
        <div className={styles.card}>{result}</div>
      </main>
    </div>
  );
}

export const statusIconClass = styles.icon;
