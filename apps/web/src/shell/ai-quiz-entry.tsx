import { RobotOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useHasPermission } from '../components/permission';
import { runtimeConfig } from '../lib/env';
import { openExternalLink } from '../lib/external-link';
import { useSessionStore } from '../stores/session-store';
import styles from './shell.module.css';
import { SHELL_LABELS } from './labels';

/** Spec 6: shown for admin (passes every check) or the layoutAiAQuiz:entry permission. */
export const AI_QUIZ_PERMISSION = 'layoutAiAQuiz:entry';

/** Spec 2.7: opens the AI site in a new tab, with the token when its host is allow-listed. */
export function AiQuizEntry() {
  const allowed = useHasPermission([AI_QUIZ_PERMISSION]);
  const url = runtimeConfig.aiSiteUrl;
  if (!allowed || !url) return null;
  return (
    <Tooltip title={SHELL_LABELS.aiQuiz}>
      <Button
        type="text"
        className={styles.headerIcon}
        icon={<RobotOutlined />}
        aria-label={SHELL_LABELS.aiQuiz}
        data-testid="header-ai-quiz"
        onClick={() => openExternalLink(url, useSessionStore.getState().token)}
      />
    </Tooltip>
  );
}
