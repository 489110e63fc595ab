import type { Place } from '@console/contract';
import { useCallback, useEffect, useRef, useState } from 'react';

/** Spec 9: cascader and search debounce. */
export const PLACE_SEARCH_DEBOUNCE_MS = 500;

/**
 * Keyword → places, debounced (spec 5). An empty keyword clears the options at once; an answer to an older
 * keyword is dropped, so the options always belong to the last thing typed.
 */
export function usePlaceSearch(search: (keyword: string) => Promise<Place[]>) {
  const [places, setPlaces] = useState<Place[]>([]);
  const [searching, setSearching] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef(0);

  useEffect(() => () => clearTimeout(timer.current), []);

  const onSearch = useCallback(
    (input: string) => {
      clearTimeout(timer.current);
      const ticket = ++latest.current;
      const keyword = input.trim();
      if (keyword === '') {
        setPlaces([]);
        setSearching(false);
        return;
      }
      setSearching(true);
      timer.current = setTimeout(() => {
        search(keyword).then(
          (found) => {
            if (ticket !== latest.current) return;
            setPlaces(found);
            setSearching(false);
          },
          () => {
            // The HTTP layer has told the user; a cancelled older search is simply superseded.
            if (ticket !== latest.current) return;
            setPlaces([]);
            setSearching(false);
          },
        );
      }, PLACE_SEARCH_DEBOUNCE_MS);
    },
    [search],
  );

  return { places, searching, onSearch };
}
