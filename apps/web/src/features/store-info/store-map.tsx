import type * as Leaflet from 'leaflet';
import { useEffect, useRef, useState } from 'react';
import { runtimeConfig } from '../../lib/env';
import { STORE_INFO_LABELS } from './labels';
import { formatCoordinates, hasLocation, roundCoordinate } from './store-info-model';
import styles from './store-map.module.css';

/** Spec 9: the map opens around 39.91 / 116.40 when the store has no location. */
export const DEFAULT_MAP_CENTER: [number, number] = [39.91, 116.4];
const OVERVIEW_ZOOM = 11;
const STORE_ZOOM = 16;
const PIN_SIZE = 24;

type StoreMapProps = {
  latitude: number;
  longitude: number;
  /** A click on the map: the new location, rounded to 6 decimals. */
  onPick(latitude: number, longitude: number): void;
  /** Leaflet tile URL template; '' = no tiles (a plain background, the marker and the coordinates). */
  tileUrl?: string;
};

type LoadedMap = { L: typeof Leaflet; map: Leaflet.Map; marker: Leaflet.Marker | null };

async function loadLeaflet(): Promise<typeof Leaflet> {
  const [module] = await Promise.all([import('leaflet'), import('leaflet/dist/leaflet.css')]);
  // Leaflet ships as a UMD bundle: the namespace is its default export once bundled.
  return (module as { default?: typeof Leaflet }).default ?? module;
}

/** The store-info map (spec 2.13): 400×300, Leaflet loaded on first show, a click sets the location. */
export function StoreMap({ latitude, longitude, onPick, tileUrl = runtimeConfig.mapTileUrl }: StoreMapProps) {
  const container = useRef<HTMLDivElement>(null);
  const loaded = useRef<LoadedMap | null>(null);
  const pick = useRef(onPick);
  const [status, setStatus] = useState<'loading' | 'ready' | 'failed'>('loading');
  const located = hasLocation(latitude, longitude);

  useEffect(() => {
    pick.current = onPick;
  }, [onPick]);

  useEffect(() => {
    let cancelled = false;
    loadLeaflet().then(
      (L) => {
        if (cancelled || !container.current) return;
        const map = L.map(container.current, {
          center: DEFAULT_MAP_CENTER,
          zoom: OVERVIEW_ZOOM,
          attributionControl: tileUrl !== '',
        });
        if (tileUrl) L.tileLayer(tileUrl, { maxZoom: 19 }).addTo(map);
        map.on('click', (event: Leaflet.LeafletMouseEvent) =>
          pick.current(roundCoordinate(event.latlng.lat), roundCoordinate(event.latlng.lng)),
        );
        loaded.current = { L, map, marker: null };
        setStatus('ready');
      },
      () => {
        if (!cancelled) setStatus('failed');
      },
    );
    return () => {
      cancelled = true;
      loaded.current?.map.remove();
      loaded.current = null;
    };
  }, [tileUrl]);

  useEffect(() => {
    const current = loaded.current;
    if (status !== 'ready' || !current) return;
    const { L, map } = current;
    // The dialog may still be animating in when Leaflet measures its box.
    map.invalidateSize();
    if (!located) {
      current.marker?.remove();
      current.marker = null;
      return;
    }
    const position: Leaflet.LatLngTuple = [latitude, longitude];
    if (current.marker) current.marker.setLatLng(position);
    else {
      const icon = L.divIcon({
        className: '',
        html: `<div class="${styles.pin}"></div>`,
        iconSize: [PIN_SIZE, PIN_SIZE],
        iconAnchor: [PIN_SIZE / 2, PIN_SIZE + 4],
      });
      current.marker = L.marker(position, { icon, keyboard: false }).addTo(map);
    }
    map.setView(position, Math.max(map.getZoom(), STORE_ZOOM));
  }, [status, located, latitude, longitude]);

  return (
    <div>
      <div className={styles.frame} data-testid="store-map" data-located={located ? 'true' : 'false'}>
        <div ref={container} className={styles.map} />
        {status !== 'ready' && (
          <div className={styles.status}>
            {status === 'loading' ? STORE_INFO_LABELS.mapLoading : STORE_INFO_LABELS.mapLoadFailed}
          </div>
        )}
        <div className={styles.overlay}>
          {located ? (
            <span className={styles.badge} data-testid="store-map-coordinates">
              {formatCoordinates(latitude, longitude)}
            </span>
          ) : (
            <span className={`${styles.badge} ${styles.noLocation}`} data-testid="store-map-no-location">
              {STORE_INFO_LABELS.noLocation}
            </span>
          )}
        </div>
      </div>
      <div className={styles.hint}>{STORE_INFO_LABELS.mapHint}</div>
    </div>
  );
}
