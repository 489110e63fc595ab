import { DEFAULT_STORE_COORDINATES } from '@console/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GEOLOCATION_UNSUPPORTED, getBrowserPosition, resolveStoreCoordinates } from './geolocation';

afterEach(() => {
  vi.useRealTimers();
});

function fakeGeolocation(answer: (success: PositionCallback, failure: PositionErrorCallback) => void) {
  return {
    getCurrentPosition: vi.fn(answer),
    watchPosition: vi.fn(),
    clearWatch: vi.fn(),
  } as unknown as Geolocation;
}

describe('getBrowserPosition', () => {
  it('rejects with the spec message when the browser has no geolocation', async () => {
    await expect(getBrowserPosition(undefined)).rejects.toThrow(GEOLOCATION_UNSUPPORTED);
    expect(GEOLOCATION_UNSUPPORTED).toBe('Geolocation is not supported by this browser');
  });

  it('answers the browser position', async () => {
    const geo = fakeGeolocation((success) =>
      success({ coords: { latitude: 31.23, longitude: 121.47 } } as GeolocationPosition),
    );
    await expect(getBrowserPosition(geo)).resolves.toEqual({ latitude: 31.23, longitude: 121.47 });
  });

  it('gives up after the timeout when no answer comes (e.g. an unanswered permission prompt)', async () => {
    vi.useFakeTimers();
    const pending = getBrowserPosition(
      fakeGeolocation(() => {}),
      1000,
    );
    const assertion = expect(pending).rejects.toThrow();
    await vi.advanceTimersByTimeAsync(1000);
    await assertion;
  });
});

describe('resolveStoreCoordinates', () => {
  it('falls back to the default coordinates when locating fails', async () => {
    await expect(
      resolveStoreCoordinates(() => Promise.reject(new Error(GEOLOCATION_UNSUPPORTED))),
    ).resolves.toEqual(DEFAULT_STORE_COORDINATES);
  });

  it('uses the located position when there is one', async () => {
    await expect(
      resolveStoreCoordinates(() => Promise.resolve({ latitude: 1, longitude: 2 })),
    ).resolves.toEqual({
      latitude: 1,
      longitude: 2,
    });
  });
});
