/**
 * Sends as a browser does: once more when the kept-alive connection it reused was closed under it before any
 * answer (Chromium resends on a reused socket), up to three times, since one closing server (an nginx reload)
 * may have closed every idle connection of the pool. A socket error on a fresh connection after that, or any
 * HTTP answer, is the caller's. `onResend` counts the resends.
 */
export async function sendAsBrowser<T>(
  send: () => Promise<T>,
  onResend?: (code: string) => void,
): Promise<T> {
  for (let resends = 0; ; resends += 1) {
    try {
      return await send();
    } catch (error) {
      const code = (error as { cause?: { code?: string } }).cause?.code;
      if (resends === 3 || (code !== 'UND_ERR_SOCKET' && code !== 'ECONNRESET')) throw error;
      onResend?.(code);
    }
  }
}
