import { LOAN_PERMISSIONS as P, loanEndpoints as api } from '@console/contract';
import type { AppInstance } from '../../app-types.js';
import { access, ANY_STAFF, route } from '../../http/route.js';
import { actorOf } from './inventory-tx.js';
import type { LoansService } from './loans.service.js';

const tags = ['inventory'];

/**
 * 借货管理 (docs/domain/inventory.md "Borrowing"): every call is scoped to the caller's store, which must be party
 * to the loan (else 404). Lend and cancel are either side's with its own button: the service checks the side,
 * the state and the button (the route the one it can name).
 */
export function loanRoutes(app: AppInstance, loans: LoansService): void {
  route(app, api.list, access.store(ANY_STAFF), (ctx) => loans.list(ctx.store().id, ctx.input), { tags });
  route(app, api.detail, access.store(ANY_STAFF), (ctx) => loans.detail(actorOf(ctx), ctx.input.id), {
    tags,
  });
  route(app, api.apply, access.store(P.apply), (ctx) => loans.apply(actorOf(ctx), ctx.input), { tags });
  route(app, api.lend, access.store(P.lend), (ctx) => loans.lend(actorOf(ctx), ctx.input.id), { tags });
  route(app, api.return, access.store(P.return), (ctx) => loans.return(actorOf(ctx), ctx.input.id), { tags });
  // The borrower cancels with borrow:apply, the lender with borrow:lend: the service checks which.
  route(
    app,
    api.cancel,
    access.store(ANY_STAFF),
    (ctx) => loans.cancel(actorOf(ctx), ctx.input.id, ctx.input.reason),
    {
      tags,
    },
  );
}
