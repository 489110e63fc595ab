import { RobotOutlined } from '@ant-design/icons';
import { useHasPermission } from '../components/permission';
import { runtimeConfig } from '../lib/env';
import { openExternalLink } from '../lib/external-link';
import { useSessionStore } from '../stores/session-store';
import { HeaderIconButton } from './header-icon-button';
import { SHELL_LABELS } from './labels';

/** Spec 6: shown for admin (passes every check) or the layoutAiAQuiz:entry permission. */
export const AI_QUIZ_PERMISSION = 'layoutAiAQuiz:entry';

/** Spec 2.7: opens the AI site in a new tab, with the token when its host is allow-listed. */
export function AiQuizEntry() {
  const allowed = useHasPermission([AI_QUIZ_PERMISSION]);
  const url = runtimeConfig.aiSiteUrl;
  if (!allowed || !url) return null;
  return (
    <HeaderIconButton
      label={SHELL_LABELS.aiQuiz}
      testId="header-ai-quiz"
      icon={<RobotOutlined />}
      onClick={() => openExternalLink(url, useSessionStore.getState().token)}
    />
  );
}
