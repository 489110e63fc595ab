import { Button } from 'antd';
import { useState } from 'react';
import { useCountdown } from '../../lib/use-countdown';

type Props = {
  /** Sends the code; answers the server's wait before the next one (seconds), or null when it sent nothing. */
  send(): Promise<number | null>;
  /** Where the refusal shows (under the field it is about). */
  onRefused(error: unknown): void;
  labels: { send: string; resend(seconds: number): string };
  testId: string;
};

/** 获取验证码 beside a code field: busy while sending, then counting down the server's resend wait. */
export function SendCodeButton({ send, onRefused, labels, testId }: Props) {
  const countdown = useCountdown();
  const [sending, setSending] = useState(false);
  const onClick = async () => {
    setSending(true);
    try {
      const waitSeconds = await send();
      if (waitSeconds !== null) countdown.start(waitSeconds);
    } catch (error) {
      onRefused(error);
    } finally {
      setSending(false);
    }
  };
  return (
    <Button
      onClick={() => void onClick()}
      loading={sending}
      disabled={countdown.remaining > 0}
      data-testid={testId}
    >
      {countdown.remaining > 0 ? labels.resend(countdown.remaining) : labels.send}
    </Button>
  );
}
