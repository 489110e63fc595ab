import '../../../test/dom';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messageEvents } from '../../../lib/events/message-events';
import { BroadcastStack } from './broadcast-stack';
import { createCardStore } from './card-store';
import { reportVoiceFailureOncePerDay, type SoundPlayer, type SoundPlayerState } from './sound-player';
import { fakeMessage, memoryStorage } from './test-fakes';

afterEach(cleanup);

function fakePlayer(initial: Partial<SoundPlayerState> = {}) {
  let state: SoundPlayerState = { muted: false, blocked: false, lastSound: '', ...initial };
  const listeners = new Set<() => void>();
  const set = (next: Partial<SoundPlayerState>) => {
    state = { ...state, ...next };
    listeners.forEach((l) => l());
  };
  const player: SoundPlayer = {
    enqueue: vi.fn(),
    turnOn: vi.fn(() => set({ muted: false, blocked: false })),
    turnOff: vi.fn(() => set({ muted: true })),
    getState: () => state,
    subscribe: (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
  };
  return { player, set };
}

function cardStore() {
  return createCardStore({
    storage: memoryStorage(),
    storageKey: 'k',
    isVisible: () => true,
    now: () => Date.now(),
    setTimeout: (c, ms) => setTimeout(c, ms),
    clearTimeout: (h) => clearTimeout(h as number),
  });
}

describe('BroadcastStack', () => {
  it('on a desktop shows the newest card only, with 还有N条 to unfold the others and 收起 to fold them', () => {
    const cards = cardStore();
    const { player } = fakePlayer();
    render(<BroadcastStack cards={cards} player={player} />);
    act(() =>
      cards.add([
        fakeMessage(1),
        fakeMessage(2),
        fakeMessage(3),
        fakeMessage(4, {
          businessType: 9,
          businessTypeName: '会员跟进',
          messageContent: { messageType: 3, title: '', text: '会员 张三', expandInfo: {} },
        }),
      ]),
    );
    const shownIds = () => screen.queryAllByTestId('broadcast-card').map((c) => c.dataset.messageId);
    expect(shownIds()).toEqual(['4']);
    const newest = screen.getByTestId('broadcast-card');
    expect(newest.textContent).toContain('会员升级提醒');
    expect(newest.textContent).toContain('去分配');
    expect(newest.textContent).toContain('会员跟进');
    expect(newest.textContent).toContain('刚刚');
    // Three kept: the fourth pushed the oldest out.
    expect(screen.getByTestId('broadcast-stack').dataset.kept).toBe('3');
    const more = screen.getByTestId('broadcast-more');
    expect(more.textContent).toBe('还有2条');

    act(() => fireEvent.click(more));
    expect(shownIds()).toEqual(['4', '3', '2']);
    expect(more.textContent).toBe('收起');
    act(() => fireEvent.click(screen.getAllByTestId('broadcast-card-close')[0]!));
    expect(shownIds()).toEqual(['3', '2']);
    act(() => fireEvent.click(more));
    expect(shownIds()).toEqual(['3']);
    expect(more.textContent).toBe('还有1条');
    act(() => fireEvent.click(screen.getByTestId('broadcast-card-close')));
    expect(shownIds()).toEqual(['2']);
    expect(screen.queryByTestId('broadcast-more')).toBeNull();

    // Unfolded down to one card, the next one comes folded.
    act(() => cards.add([fakeMessage(5)]));
    act(() => fireEvent.click(screen.getByTestId('broadcast-more')));
    act(() => fireEvent.click(screen.getAllByTestId('broadcast-card-close')[0]!));
    act(() => cards.add([fakeMessage(6)]));
    expect(shownIds()).toEqual(['6']);
    expect(screen.getByTestId('broadcast-more').textContent).toBe('还有1条');
  });

  it('on a phone shows a one-line banner of the newest that unfolds every card on a tap; × closes them all', () => {
    const cards = cardStore();
    const { player } = fakePlayer();
    render(<BroadcastStack cards={cards} player={player} layout="phone" />);
    expect(screen.queryByTestId('broadcast-banner')).toBeNull();
    act(() =>
      cards.add([
        fakeMessage(1),
        fakeMessage(2, {
          businessType: 2,
          businessTypeName: '小程序',
          messageContent: { messageType: 5, title: '', text: '订单 OMS9 已接单', expandInfo: {} },
        }),
      ]),
    );
    const banner = screen.getByTestId('broadcast-banner');
    expect(banner.textContent).toContain('小程序');
    expect(banner.textContent).toContain('您有待发货的订单：订单 OMS9 已接单');
    expect(banner.textContent).toContain('还有1条');
    expect(banner.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryAllByTestId('broadcast-card')).toHaveLength(0);

    act(() => fireEvent.click(banner));
    expect(banner.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getAllByTestId('broadcast-card').map((c) => c.dataset.messageId)).toEqual(['2', '1']);
    act(() => fireEvent.click(banner));
    expect(screen.queryAllByTestId('broadcast-card')).toHaveLength(0);

    act(() => fireEvent.click(screen.getByTestId('broadcast-banner-close')));
    expect(cards.cards()).toEqual([]);
    expect(screen.queryByTestId('broadcast-banner')).toBeNull();
    // The next message comes folded.
    act(() => cards.add([fakeMessage(3)]));
    expect(screen.getByTestId('broadcast-banner').getAttribute('aria-expanded')).toBe('false');
  });

  it('asks the message center to open a card and shows the default title for an unknown kind', () => {
    const cards = cardStore();
    const { player } = fakePlayer();
    const requested = vi.fn();
    const off = messageEvents.on('openRequested', requested);
    render(<BroadcastStack cards={cards} player={player} />);
    act(() =>
      cards.add([
        fakeMessage(8, { messageContent: { messageType: 99, title: '', text: 'x', expandInfo: {} } }),
      ]),
    );
    expect(screen.getByTestId('broadcast-card').textContent).toContain('您有一条新的消息提醒');
    fireEvent.click(screen.getByTestId('broadcast-card-detail'));
    off();
    expect(requested).toHaveBeenCalledWith(expect.objectContaining({ messageId: 8 }));
  });

  it('names the last sound requested and shows the muted state, which turns sound back on', () => {
    const { player, set } = fakePlayer();
    render(<BroadcastStack cards={null} player={player} />);
    const stack = screen.getByTestId('broadcast-stack');
    expect(screen.queryByTestId('sound-muted')).toBeNull();
    act(() => set({ lastSound: 'orderRemind' }));
    expect(stack.dataset.lastSound).toBe('orderRemind');
    act(() => set({ blocked: true }));
    fireEvent.click(screen.getByTestId('sound-muted'));
    expect(player.turnOn).toHaveBeenCalled();
    expect(screen.queryByTestId('sound-muted')).toBeNull();
  });

  it('keeps the sound control below the card, in the corner, with or without cards', () => {
    const cards = cardStore();
    const { player } = fakePlayer({ muted: true });
    render(<BroadcastStack cards={cards} player={player} />);
    const stack = screen.getByTestId('broadcast-stack');
    expect(stack.lastElementChild).toBe(screen.getByTestId('sound-muted'));
    act(() => cards.add([fakeMessage(1)]));
    expect(stack.firstElementChild).toBe(screen.getByTestId('broadcast-card'));
    expect(stack.lastElementChild).toBe(screen.getByTestId('sound-muted'));
  });

  it('on a phone keeps the sound control on the banner line, alone when no card is up', () => {
    const cards = cardStore();
    const { player } = fakePlayer({ muted: true });
    render(<BroadcastStack cards={cards} player={player} layout="phone" />);
    const muted = screen.getByTestId('sound-muted');
    act(() => cards.add([fakeMessage(1)]));
    expect(screen.getByTestId('broadcast-banner').parentElement).toBe(muted.parentElement);
  });
});

describe('voice failure report', () => {
  it('reports at most once a day', () => {
    const storage = memoryStorage();
    const report = vi.fn();
    expect(reportVoiceFailureOncePerDay(storage, '2025-3-1', report)).toBe(true);
    expect(reportVoiceFailureOncePerDay(storage, '2025-3-1', report)).toBe(false);
    expect(reportVoiceFailureOncePerDay(storage, '2025-3-2', report)).toBe(true);
    expect(report).toHaveBeenCalledTimes(2);
  });
});
