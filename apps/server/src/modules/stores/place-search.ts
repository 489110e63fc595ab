import type { Place } from '@console/contract';
import { regionText, type AreaCatalogue, type Region } from './area-tree.js';
import { SEEDED_PLACES, type SeededPlace } from './place-data.js';
import type { StoreRepository } from './store.repository.js';

export type PlaceQuery = { keyword: string; limit: number; userId: number };

/** Keyword → places for the store-info map. The default works offline; Tencent is used when a key is set. */
export type PlaceSearchProvider = { name: string; search(query: PlaceQuery): Promise<Place[]> };

const placeOf = (p: SeededPlace): Place => ({
  id: p.id,
  title: p.title,
  address: p.address,
  location: { lat: p.at[0], lng: p.at[1] },
  adcode: p.adcode,
});

/** A county's place: located at the first seeded place inside it (counties carry no coordinates of their own). */
function areaPlaces(regions: ReadonlyMap<string, Region>, keyword: string): Place[] {
  const found: Place[] = [];
  for (const place of SEEDED_PLACES) {
    const region = regions.get(place.adcode);
    if (!region || found.some((f) => f.adcode === region.countyCode)) continue;
    const names = [region.provinceName, region.cityName, region.countyName];
    if (!names.some((name) => name.includes(keyword))) continue;
    found.push({
      id: `area-${region.countyCode}`,
      title: region.countyName,
      address: regionText(region),
      location: { lat: place.at[0], lng: place.at[1] },
      adcode: region.countyCode,
    });
  }
  return found;
}

/**
 * Offline search: seeded places, then the caller's own authorised stores (never another user's), then the
 * counties the keyword names.
 */
export function createOfflinePlaceSearch(deps: {
  stores: Pick<StoreRepository, 'storesMatching'>;
  areas: AreaCatalogue;
}): PlaceSearchProvider {
  return {
    name: 'offline',
    async search({ keyword, limit, userId }) {
      const places = SEEDED_PLACES.filter(
        (p) => p.title.includes(keyword) || p.address.includes(keyword),
      ).map(placeOf);
      const stores = (await deps.stores.storesMatching(userId, keyword, limit)).map((s): Place => ({
        id: `store-${s.shopCode}`,
        title: s.businessScopeName,
        address: s.shopAddress,
        location: { lat: s.latitude, lng: s.longitude },
        adcode: s.shopCountyCode,
      }));
      return [...places, ...stores, ...areaPlaces(deps.areas.regions(), keyword)].slice(0, limit);
    },
  };
}

type TencentSuggestion = {
  id: string;
  title: string;
  address: string;
  location: { lat: number; lng: number };
  adcode: number | string;
};

/** Tencent location service keyword suggestions (https://lbs.qq.com/service/webService/webServiceGuide/webServiceSuggestion). */
export function createTencentPlaceSearch(
  key: string,
  fetchImpl: typeof fetch = fetch,
  timeoutMs = 5000,
): PlaceSearchProvider {
  return {
    name: 'tencent',
    async search({ keyword, limit }) {
      const url = new URL('https://apis.map.qq.com/ws/place/v1/suggestion');
      url.searchParams.set('keyword', keyword);
      url.searchParams.set('key', key);
      url.searchParams.set('page_size', String(limit));
      const response = await fetchImpl(url, { signal: AbortSignal.timeout(timeoutMs) });
      if (!response.ok) throw new Error(`tencent place search answered ${response.status}`);
      const body = (await response.json()) as {
        status: number;
        message?: string;
        data?: TencentSuggestion[];
      };
      if (body.status !== 0)
        throw new Error(`tencent place search failed: ${body.status} ${body.message ?? ''}`);
      return (body.data ?? []).slice(0, limit).map((d) => ({
        id: String(d.id),
        title: d.title,
        address: d.address,
        location: { lat: d.location.lat, lng: d.location.lng },
        adcode: String(d.adcode),
      }));
    },
  };
}

/** Tencent when TENCENT_MAP_KEY is configured, otherwise the offline search. */
export function choosePlaceSearch(
  tencentMapKey: string | null | undefined,
  offline: PlaceSearchProvider,
): PlaceSearchProvider {
  return tencentMapKey ? createTencentPlaceSearch(tencentMapKey) : offline;
}
