import type { MenuNode } from '@console/contract';

/** A menu node of a page test: a container (`Layout`) when it has children, else the page named `name`. */
export function menuNode(name: string, path: string, children?: MenuNode[]): MenuNode {
  return {
    name,
    path,
    component: children ? 'Layout' : name,
    hidden: false,
    redirect: null,
    alwaysShow: null,
    meta: { title: name, icon: null, noCache: false },
    children,
  };
}
