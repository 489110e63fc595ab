import { expect, type APIRequestContext, type Page, type Response } from '@playwright/test';

/** Demo-mode helpers of the server: what a person without a phone would read. */
export async function captchaAnswer(request: APIRequestContext, uuid: string): Promise<string> {
  const response = await request.get(`/dev/captcha/${uuid}`);
  const body = (await response.json()) as { data: { answer: string } };
  return body.data.answer;
}

/** The newest code sent to `phone`, waiting up to 10 s for a first one (the send may still be on its way). */
export async function latestSmsCode(request: APIRequestContext, phone: string): Promise<string> {
  let latest: string | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(`/dev/sms-outbox?phone=${phone}`);
        latest = ((await response.json()) as { data: { code: string }[] }).data[0]?.code;
        return latest;
      },
      { message: `no SMS sent to ${phone}`, timeout: 10_000 },
    )
    .toBeTruthy();
  return latest!;
}

/**
 * Runs `trigger` and returns the uuid of the captcha the page shows afterwards: the last captcha answer read
 * once the page has settled (a page that loads twice, e.g. after a sign-out redirect, shows the second one).
 */
export async function nextCaptchaUuid(page: Page, trigger: () => Promise<unknown>): Promise<string> {
  const uuids: string[] = [];
  const onResponse = async (response: Response) => {
    if (!response.url().includes('/auth/code') || response.request().method() !== 'GET') return;
    try {
      uuids.push(((await response.json()) as { data: { uuid: string } }).data.uuid);
    } catch {
      // The page that asked for it was left: that captcha is not the one on screen.
    }
  };
  page.on('response', onResponse);
  try {
    await trigger();
    await expect.poll(() => uuids.length, { timeout: 15_000 }).toBeGreaterThan(0);
    await page.waitForLoadState('networkidle');
    return uuids.at(-1)!;
  } finally {
    page.off('response', onResponse);
  }
}

export const SCREENSHOT_DIR = 'e2e/.screenshots';

/** Forgets the account's last-used store, so the next sign-in asks again (specs leave demo accounts as found). */
export async function forgetLastStore(request: APIRequestContext, username: string): Promise<void> {
  const response = await request.post('/dev/forget-last-store', { data: { username } });
  if (!response.ok()) throw new Error(`forget-last-store failed: ${response.status()}`);
}
