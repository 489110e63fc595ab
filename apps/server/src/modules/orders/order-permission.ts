/**
 * The menu buttons of the order pages (seed/menu-tree.ts) that gate a server action. Routes declare them as
 * `access.store(permission)` (http/route.ts), which answers 403 without; services read them from the caller's
 * roles only to tell the page which actions it may offer.
 */
export type OrderPermission =
  | 'order:rob'
  | 'order:take'
  | 'order:ship'
  | 'order:modifyAddress'
  | 'order:modifyCyclePlan'
  | 'order:cancel'
  | 'order:invoice'
  | 'order:writeOff'
  | 'order:export'
  | 'customerIntention:follow'
  | 'cancelCheck:add'
  | 'cancelCheck:setState';
