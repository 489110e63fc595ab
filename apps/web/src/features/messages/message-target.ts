import {
  NOTICE_READER_PATH,
  NOTICE_READER_ROUTE,
  resolveMessageTarget,
  type Message,
  type MenuNode,
} from '@console/contract';
import { menuPagePath, withQuery } from '../../components/use-menu-page-links';
import { appendToken } from '../../lib/format/link';

/** The static route of the coming-soon page, for a named target the menu has no page for. */
export const COMING_SOON_PATH = '/coming-soon';

const STATIC_TARGETS: Readonly<Record<string, string>> = { [NOTICE_READER_ROUTE]: NOTICE_READER_PATH };

export type TargetPlan =
  /** Open in a new tab; the token is already appended when the host is allow-listed. */
  | { kind: 'external'; url: string }
  /** A url that is not a safe absolute http(s) link: never opened. */
  | { kind: 'refused' }
  /** `sameRoute`: the target page is the current one, so the view is replaced and reloaded. */
  | { kind: 'navigate'; path: string; to: string; sameRoute: boolean }
  | { kind: 'comingSoon'; to: string }
  | { kind: 'none' };

export type TargetContext = {
  menus: readonly MenuNode[];
  currentPath: string;
  token: string | null;
  tokenHosts: readonly string[];
};

/** Where opening `message` goes (spec 2.15; DESIGN 4 "Links"), without side effects. */
export function planMessageTarget(
  message: Pick<Message, 'businessType' | 'messageContent'>,
  context: TargetContext,
): TargetPlan {
  const target = resolveMessageTarget(message.businessType, message.messageContent);
  if (target.kind === 'none') return { kind: 'none' };
  if (target.kind === 'url') {
    const url = appendToken(target.url, context.token, context.tokenHosts);
    return url === null ? { kind: 'refused' } : { kind: 'external', url };
  }
  // Static pages of the console that are no menu page (the notice reader every addressee may open).
  const path = STATIC_TARGETS[target.name] ?? menuPagePath(context.menus, target.name);
  if (path === null) return { kind: 'comingSoon', to: COMING_SOON_PATH };
  return {
    kind: 'navigate',
    path,
    to: withQuery(path, target.query),
    sameRoute: path === context.currentPath,
  };
}
