import { createHmac, timingSafeEqual } from 'node:crypto';
import { TRIAL_VALID_MINUTES, type TrialResult } from '@console/contract';
import { AppError } from '../../../http/errors.js';
import { VALET_TEXT } from './valet-texts.js';

/**
 * A price trial travels as its own id: the trial, base64url, then an HMAC of it. Nothing is stored until the
 * order is created (then the trial is kept in `valet_orders.trial`), yet any instance can read a trial back
 * (`getTrialResult`) and nobody can alter its prices.
 */
export type SignedTrial = Omit<TrialResult, 'trialId'> & { issuedAtMs: number };

const sign = (secret: string, payload: string) =>
  createHmac('sha256', `valet-trial:${secret}`).update(payload).digest('base64url');

export function encodeTrial(secret: string, trial: SignedTrial): string {
  const payload = Buffer.from(JSON.stringify(trial)).toString('base64url');
  return `${payload}.${sign(secret, payload)}`;
}

/** The trial of a valid, unexpired id; 422 otherwise (a person can simply price it again). */
export function decodeTrial(secret: string, trialId: string, now: Date): SignedTrial {
  const [payload, mac, extra] = trialId.split('.');
  const expected = payload ? sign(secret, payload) : '';
  const valid =
    payload !== undefined &&
    mac !== undefined &&
    extra === undefined &&
    mac.length === expected.length &&
    timingSafeEqual(Buffer.from(mac), Buffer.from(expected));
  if (!valid) throw new AppError(422, 'VALET_TRIAL_INVALID', VALET_TEXT.trialInvalid);
  const trial = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as SignedTrial;
  if (now.getTime() - trial.issuedAtMs > TRIAL_VALID_MINUTES * 60_000)
    throw new AppError(422, 'VALET_TRIAL_EXPIRED', VALET_TEXT.trialExpired);
  return trial;
}
