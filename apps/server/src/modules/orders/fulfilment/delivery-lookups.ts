import type { AreaNode, CnArea, DeliveryCompany } from '@console/contract';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import { deliveryCompanies } from '../../../db/schema.js';
import { notFound } from '../../../http/errors.js';
import type { AreaCatalogue } from '../../stores/area-tree.js';
import { FULFILMENT_TEXT } from './fulfilment.messages.js';

const COUNTY_LEVEL = 3;

/** Reference data of the delivery forms: the area cascader (one level per call) and the couriers. */
export function createDeliveryLookups(deps: { db: Database; areas: AreaCatalogue }) {
  const { db, areas } = deps;
  let childrenByCode: Map<string, CnArea[]> | null = null;

  /** Built once from the county-deep tree: '' holds the provinces, a county an empty list. */
  function index(): Map<string, CnArea[]> {
    if (childrenByCode) return childrenByCode;
    const map = new Map<string, CnArea[]>();
    const walk = (parent: string, nodes: readonly AreaNode[], level: number) => {
      map.set(
        parent,
        nodes.map((node) => ({
          code: node.id,
          name: node.name,
          level,
          leaf: level >= COUNTY_LEVEL || !node.children?.length,
        })),
      );
      for (const node of nodes)
        if (node.children?.length) walk(node.id, node.children, level + 1);
        else map.set(node.id, []);
    };
    walk('', areas.tree(COUNTY_LEVEL), 1);
    childrenByCode = map;
    return map;
  }

  return {
    /** Children of `parentCode` ('' = provinces); a county has none; an unknown code is 404. */
    areaChildren(parentCode: string): CnArea[] {
      const children = index().get(parentCode);
      if (children) return children;
      throw notFound(FULFILMENT_TEXT.areaNotFound, 'AREA_NOT_FOUND');
    },

    async couriers(code: string): Promise<DeliveryCompany[]> {
      const query = db
        .select({ code: deliveryCompanies.code, name: deliveryCompanies.name })
        .from(deliveryCompanies)
        .$dynamic();
      return (code ? query.where(eq(deliveryCompanies.code, code)) : query).orderBy(
        asc(deliveryCompanies.sort),
        asc(deliveryCompanies.code),
      );
    },
  };
}
