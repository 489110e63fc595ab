import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { useEffect, useState } from 'react';
import { notify } from '../lib/notify';
import { HeaderIconButton } from './header-icon-button';
import { SHELL_LABELS } from './labels';

/** Spec 2.7: full screen on and off; a browser without the API gets a warning. */
export function FullscreenButton() {
  const [full, setFull] = useState(() => document.fullscreenElement !== null);
  useEffect(() => {
    const onChange = () => setFull(document.fullscreenElement !== null);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  const toggle = () => {
    if (!document.fullscreenEnabled) {
      notify.warning(SHELL_LABELS.fullscreenUnsupported);
      return;
    }
    const change = full ? document.exitFullscreen() : document.documentElement.requestFullscreen();
    change.catch(() => notify.warning(SHELL_LABELS.fullscreenUnsupported));
  };
  const label = full ? SHELL_LABELS.exitFullscreen : SHELL_LABELS.fullscreen;
  return (
    <HeaderIconButton
      label={label}
      testId="header-fullscreen"
      icon={full ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
      onClick={toggle}
    />
  );
}
