import type { APIRequestContext, Page } from '@playwright/test';

/** Demo-mode helpers of the server: what a person without a phone would read. */
export async function captchaAnswer(request: APIRequestContext, uuid: string): Promise<string> {
  const response = await request.get(`/dev/captcha/${uuid}`);
  const body = (await response.json()) as { data: { answer: string } };
  return body.data.answer;
}

export async function latestSmsCode(request: APIRequestContext, phone: string): Promise<string> {
  const response = await request.get(`/dev/sms-outbox?phone=${phone}`);
  const body = (await response.json()) as { data: { code: string }[] };
  const latest = body.data[0];
  if (!latest) throw new Error(`no SMS sent to ${phone}`);
  return latest.code;
}

/** Waits for the next captcha the page loads and returns its uuid. */
export async function nextCaptchaUuid(page: Page, trigger: () => Promise<unknown>): Promise<string> {
  const [response] = await Promise.all([
    // A captcha answered to the page being left has no body any more: wait for the new page's one.
    page.waitForResponse(
      async (r) =>
        r.url().includes('/auth/code') &&
        r.request().method() === 'GET' &&
        (await r.body().then(
          () => true,
          () => false,
        )),
    ),
    trigger(),
  ]);
  const body = (await response.json()) as { data: { uuid: string } };
  return body.data.uuid;
}

export const SCREENSHOT_DIR = 'e2e/.screenshots';

/** Forgets the account's last-used store, so the next sign-in asks again (specs leave demo accounts as found). */
export async function forgetLastStore(request: APIRequestContext, username: string): Promise<void> {
  const response = await request.post('/dev/forget-last-store', { data: { username } });
  if (!response.ok()) throw new Error(`forget-last-store failed: ${response.status()}`);
}
