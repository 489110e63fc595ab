import { RocketOutlined } from '@ant-design/icons';
import { useMatches } from 'react-router';
import { currentTitle } from '../../app/route-handle';
import { StatusPage, statusIconClass } from './status-page';
import { ERROR_LABELS } from './labels';

/** A menu page whose component is not built yet: never a blank screen. */
export function ComingSoonPage() {
  const feature = currentTitle(useMatches());
  return (
    <StatusPage
      inline
      icon={<RocketOutlined className={statusIconClass} />}
      title={ERROR_LABELS.comingSoon.title}
      description={ERROR_LABELS.comingSoon.description(feature)}
    />
  );
}
