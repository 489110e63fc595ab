export type Coordinates = { latitude: number; longitude: number };

export const GEOLOCATION_UNSUPPORTED = 'Geolocation is not supported by this browser';
/** The store list must not wait for a permission prompt or a slow fix. */
export const POSITION_TIMEOUT_MS = 1500;
const POSITION_MAX_AGE_MS = 10 * 60_000;

/** The browser's position; rejects with the spec 8 message when the browser has no geolocation. */
export function getBrowserPosition(
  geolocation: Geolocation | undefined = globalThis.navigator?.geolocation,
  timeoutMs = POSITION_TIMEOUT_MS,
): Promise<Coordinates> {
  if (!geolocation) return Promise.reject(new Error(GEOLOCATION_UNSUPPORTED));
  return new Promise((resolve, reject) => {
    // getCurrentPosition's own timeout does not count the time a permission prompt stays open.
    const timer = setTimeout(() => reject(new Error('Geolocation timed out')), timeoutMs);
    geolocation.getCurrentPosition(
      ({ coords }) => {
        clearTimeout(timer);
        resolve({ latitude: coords.latitude, longitude: coords.longitude });
      },
      (error) => {
        clearTimeout(timer);
        reject(new Error(error.message));
      },
      { timeout: timeoutMs, maximumAge: POSITION_MAX_AGE_MS },
    );
  });
}

/** Where "nearest first" is measured from: the browser's position, else the default (spec 9). */
export async function resolveStoreCoordinates(
  locate: () => Promise<Coordinates> = getBrowserPosition,
): Promise<Coordinates> {
  try {
    return await locate();
  } catch {
    // The contract's stores module carries zod schemas: loaded on this fallback only, not with the shell.
    const { DEFAULT_STORE_COORDINATES } = await import('./store-defaults');
    return { ...DEFAULT_STORE_COORDINATES };
  }
}

let cached: Promise<Coordinates> | null = null;

/** Asked once per page load: every list afterwards uses the same answer without waiting again. */
export function storeCoordinates(): Promise<Coordinates> {
  cached ??= resolveStoreCoordinates();
  return cached;
}
