import { Alert } from 'antd';
import { errorText } from '../../lib/http/errors';

/** Why the last save of a personal-centre form failed, above its button; nothing while none has. */
export function SaveError({ error }: { error: unknown }) {
  if (!error) return null;
  return <Alert type="error" showIcon title={errorText(error)} style={{ marginBottom: 16 }} />;
}
