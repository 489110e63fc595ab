import { Alert, Input } from 'antd';
import { useState } from 'react';
import { isApiError } from '../../lib/http/errors';

type Props = {
  placeholder: string;
  testId: string;
  /** Checks the scanned or typed code with the server; a rejection shows its Chinese message under the box. */
  onScan(code: string): Promise<unknown>;
};

/**
 * A box a scanner types into (or a person): Enter checks the code, never submits the dialog around it; the box
 * clears when the code was taken, and keeps it with the refusal under it when not.
 */
export function ScanInput({ placeholder, testId, onScan }: Props) {
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const scan = async () => {
    const code = value.trim();
    if (!code || busy) return;
    setBusy(true);
    try {
      await onScan(code);
      setValue('');
      setError(null);
    } catch (failure) {
      setError(isApiError(failure) ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Input
        value={value}
        placeholder={placeholder}
        autoFocus
        disabled={busy}
        data-testid={testId}
        onChange={(event) => setValue(event.target.value)}
        onPressEnter={(event) => {
          event.preventDefault();
          void scan();
        }}
      />
      {error ? (
        <Alert type="error" showIcon title={error} style={{ marginTop: 8 }} data-testid={`${testId}-error`} />
      ) : null}
    </>
  );
}
