import { useEffect, useState } from 'react';
import { areaPathOf, toAreaOption, withChildren, type AreaOption } from './area-options';
import { fulfilmentEndpoints } from '@console/contract';
import { call } from '../../lib/http';

const areas = (parentCode: string | null) => call(fulfilmentEndpoints.cnArea, { parentCode });

/**
 * Options of the region cascader (cnArea, one level per call). When `countyCode` is known, the levels above it
 * are loaded too so the cascader can show the current region selected.
 */
export function useAreaOptions(enabled: boolean, countyCode: string) {
  const [options, setOptions] = useState<AreaOption[]>([]);

  useEffect(() => {
    if (!enabled) return;
    let live = true;
    void (async () => {
      let tree = (await areas(null)).map(toAreaOption);
      const path = areaPathOf(countyCode);
      if (path && tree.some((option) => option.value === path[0])) {
        const cities = (await areas(path[0])).map(toAreaOption);
        tree = withChildren(tree, path[0], cities);
        if (cities.some((option) => option.value === path[1])) {
          tree = withChildren(tree, path[1], (await areas(path[1])).map(toAreaOption));
        }
      }
      if (live) setOptions(tree);
    })().catch(() => undefined);
    return () => {
      live = false;
    };
  }, [enabled, countyCode]);

  const loadData = async (selected: AreaOption[]) => {
    const target = selected[selected.length - 1];
    if (!target || target.isLeaf) return;
    const children = (await areas(target.value)).map(toAreaOption);
    setOptions((current) => withChildren(current, target.value, children));
  };

  return { options, loadData };
}
