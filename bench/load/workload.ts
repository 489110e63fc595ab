// A store day, as clerk consoles and the upstream platform produce it: each console signs in with its password
// (captcha answered through the demo helper), holds one message long poll all the time (poll, acknowledge with
// the next poll), and in between reads the dashboard, the received-orders list, order details and logs, the
// offers (抢单) and untaken lists; an online-order message makes some of the store's consoles open the offer and
// grab it (one store wins, the others answer 409), and the winner ships it. The platform pushes orders through
// the integration endpoint with the service token, each to three candidate stores.
import { setMaxListeners } from 'node:events';
import {
  AUTH_PATHS,
  DASHBOARD_PATHS,
  IM_PATHS,
  ORDER_INTEGRATION_PATHS,
  ORDER_PATHS,
  SERVICE_TOKEN_HEADER,
  type Broadcast,
  type LoginResult,
} from '@console/contract';
import { send, type Answer, type Request } from './http.js';
import { CLERK_PASSWORD, type BenchClerk } from './seed.js';

type Envelope<T> = { data: T };

/** Latencies and answers per route, and what the message path delivered. */
export class Stats {
  readonly routes = new Map<string, { ms: number[]; statuses: Map<number, number>; broken: number }>();
  /** Push → first delivery of its online-order message to a console of a candidate store. */
  readonly deliveryMs: number[] = [];
  pollsAnswered = 0;
  messagesShown = 0;
  grabsWon = 0;
  grabsLost = 0;
  shipped = 0;
  /** The first answer of each route and failing status, to say what went wrong. */
  readonly samples = new Map<string, string>();

  record(route: string, answer: Answer | null) {
    const entry = this.routes.get(route) ?? {
      ms: [] as number[],
      statuses: new Map<number, number>(),
      broken: 0,
    };
    this.routes.set(route, entry);
    if (!answer) {
      entry.broken += 1;
      return;
    }
    entry.ms.push(answer.ms);
    entry.statuses.set(answer.status, (entry.statuses.get(answer.status) ?? 0) + 1);
    const key = `${route} ${answer.status}`;
    if (answer.status >= 400 && !this.samples.has(key))
      this.samples.set(key, JSON.stringify(answer.body).slice(0, 200));
  }
}

export type Workload = {
  baseUrl: URL;
  serviceToken: string;
  /** Mean think time between two actions of a console (exponential). */
  thinkMs: number;
  /** Share of a console's actions that are a new sign-in (the next shift, a reopened browser). */
  signInShare: number;
  /** Share of consoles that act on an online-order message (open the offer and grab it). */
  grabInterest: number;
  pushesPerSecond: number;
  stores: string[];
};

const LOOPBACK_OF_STORE = (index: number) => `127.1.${Math.floor(index / 250)}.${(index % 250) + 1}`;
const PLATFORM_ADDRESS = '127.2.0.1';

const delay = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal.aborted) return resolve();
    const onAbort = () => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
const think = (mean: number) => -Math.log(1 - Math.random()) * mean;
const pick = <T>(items: T[]) => items[Math.floor(Math.random() * items.length)]!;

/** What the reads of a console weigh against each other (the grab, ship and sign-in paths come on top). */
const READS: [string, number][] = [
  ['dashboard', 15],
  ['received', 25],
  ['detail', 20],
  ['log', 5],
  ['offers', 15],
  ['untaken', 8],
];
/** Offers a clerk keeps in mind; older alerts are let go. */
const MAX_WAITING_GRABS = 2;
const READ_WEIGHT = READS.reduce((sum, [, w]) => sum + w, 0);

/** The load: `stop()` ends every loop and answers once the held polls are let go. */
export class StoreDay {
  stats = new Stats();
  private readonly abort = new AbortController();
  private readonly loops: Promise<void>[] = [];
  /** performancePlanOrderNo → when its push was sent. */
  private readonly pushedAt = new Map<string, number>();
  private readonly delivered = new Set<string>();
  private pushSeq = 0;
  private readonly runId = Date.now().toString(36).toUpperCase();

  constructor(private readonly w: Workload) {
    // Every held poll and waiting request listens to it: hundreds of listeners are the normal case.
    setMaxListeners(0, this.abort.signal);
  }

  /** Sends and counts a request; one aborted by `signal` (a page left) or by the end of the run is not counted. */
  private call<T>(route: string, request: Request): Promise<Answer<T> | null> {
    const signal = request.signal ? AbortSignal.any([this.abort.signal, request.signal]) : this.abort.signal;
    return send<T>(this.w.baseUrl, { ...request, signal }).then(
      (answer) => {
        this.stats.record(route, answer);
        return answer;
      },
      () => {
        if (!signal.aborted) this.stats.record(route, null);
        return null;
      },
    );
  }

  /**
   * Starts every clerk console (sign-ins spread over `rampMs`) and the platform's pushes; answers, once every
   * console has tried its first sign-in, how many are signed in.
   */
  async start(clerks: BenchClerk[], rampMs: number): Promise<number> {
    const storeIndex = new Map(this.w.stores.map((code, i) => [code, i]));
    this.loops.push(this.pushOrders());
    const signedIn = clerks.map(async (clerk, i) => {
      await delay((rampMs * i) / clerks.length, this.abort.signal);
      const address = LOOPBACK_OF_STORE(storeIndex.get(clerk.storeCode)!);
      const console_ = new ClerkConsole(this, clerk, address);
      return new Promise<boolean>((resolve) => this.loops.push(console_.run(resolve)));
    });
    return (await Promise.all(signedIn)).filter(Boolean).length;
  }

  /** Starts counting afresh (after the warm-up). */
  resetStats() {
    this.stats = new Stats();
  }

  /** Leaves the measured figures as they are: what happens from now on goes elsewhere. */
  freezeStats() {
    this.stats = new Stats();
  }

  async stop() {
    this.abort.abort();
    await Promise.allSettled(this.loops);
  }

  get signal() {
    return this.abort.signal;
  }

  get workload() {
    return this.w;
  }

  request<T>(route: string, request: Request) {
    return this.call<T>(route, request);
  }

  /** An online-order message shown on a console: the first one per order counts its delivery time. */
  offerShown(planNo: string) {
    const at = this.pushedAt.get(planNo);
    if (at !== undefined && !this.delivered.has(planNo)) {
      this.delivered.add(planNo);
      this.stats.deliveryMs.push(Date.now() - at);
    }
  }

  private async pushOrders() {
    const gap = 1000 / this.w.pushesPerSecond;
    const inFlight: Promise<void>[] = [];
    while (!this.abort.signal.aborted) {
      inFlight.push(this.pushOne());
      await delay(gap, this.abort.signal);
    }
    await Promise.allSettled(inFlight);
  }

  private async pushOne() {
    const n = ++this.pushSeq;
    const candidates = new Set<string>();
    while (candidates.size < Math.min(3, this.w.stores.length)) candidates.add(pick(this.w.stores));
    const sentAt = Date.now();
    const answer = await this.call<Envelope<{ performancePlanOrderNo: string }>>('push order', {
      method: 'POST',
      path: ORDER_INTEGRATION_PATHS.pushOrder,
      localAddress: PLATFORM_ADDRESS,
      headers: { [SERVICE_TOKEN_HEADER]: this.w.serviceToken },
      body: {
        omsOrderNo: `OMSLB${this.runId}${String(n).padStart(6, '0')}`,
        channel: 'online',
        customer: { name: '王晓燕', phone: '13912345678' },
        items: [
          { skuCode: 'R1001', quantity: 1 + (n % 3) },
          { skuCode: 'R1004', quantity: 1 },
        ],
        deliveryType: 'store_delivery',
        address: {
          receiverName: '王晓燕',
          receiverPhone: '13912345678',
          countyCode: '110115',
          regionName: '北京市北京市大兴区',
          detail: `景园北街${n % 200}号院`,
          latitude: 39.9,
          longitude: 116.6,
        },
        candidateStoreCodes: [...candidates],
      },
    });
    const planNo = answer?.status === 200 ? answer.body?.data.performancePlanOrderNo : undefined;
    if (planNo) this.pushedAt.set(planNo, sentAt);
  }
}

/** One clerk's browser: its session, its held poll and its clicks. */
class ClerkConsole {
  private token = '';
  private readonly shownIds = new Set<number>();
  /** Offers announced by a message that this clerk will open and grab. */
  private readonly toGrab: string[] = [];
  /** Orders this clerk grabbed and will ship. */
  private readonly toShip: string[] = [];
  /** Performance and OMS numbers of the last received-orders page. */
  private lastPage: { performanceOrderNo: string; omsOrderNo: string }[] = [];

  constructor(
    private readonly day: StoreDay,
    private readonly clerk: BenchClerk,
    private readonly address: string,
  ) {}

  private get storeCode() {
    return this.clerk.storeCode;
  }

  private req<T>(route: string, request: Omit<Request, 'localAddress'>) {
    return this.day.request<T>(route, {
      ...request,
      localAddress: this.address,
      headers: { ...request.headers, ...(this.token ? { authorization: `Bearer ${this.token}` } : {}) },
    });
  }

  /** The sign-in page: captcha, its answer (demo helper), password sign-in, then what the layout loads. */
  async signIn(): Promise<boolean> {
    this.token = '';
    const captcha = await this.req<Envelope<{ uuid: string }>>('captcha', {
      method: 'GET',
      path: AUTH_PATHS.captcha,
    });
    const uuid = captcha?.body?.data.uuid;
    const answer = uuid
      ? await this.req<Envelope<{ answer: string }>>('captcha answer (demo helper)', {
          method: 'GET',
          path: `/dev/captcha/${uuid}`,
        })
      : null;
    const login =
      uuid && answer?.body
        ? await this.req<Envelope<LoginResult>>('sign-in', {
            method: 'POST',
            path: AUTH_PATHS.passwordLogin,
            body: {
              username: this.clerk.username,
              password: CLERK_PASSWORD,
              uuid,
              code: answer.body.data.answer,
            },
          })
        : null;
    if (login?.status !== 200 || !login.body) return false;
    this.token = login.body.data.token;
    await this.req('user info', { method: 'GET', path: AUTH_PATHS.info });
    await this.req('menus', { method: 'GET', path: AUTH_PATHS.menus });
    return true;
  }

  /** The console from sign-in to the end of the run; a new sign-in leaves the page (its poll) first. */
  async run(firstSignIn: (signedIn: boolean) => void) {
    const signedIn = await this.signIn();
    firstSignIn(signedIn);
    if (!signedIn) return;
    let page = this.openPage();
    await this.act(async () => {
      await page.leave();
      await this.req('sign-out', { method: 'DELETE', path: AUTH_PATHS.logout });
      this.token = '';
      const signedIn = await this.signIn();
      page = this.openPage();
      return signedIn;
    });
    await page.leave();
  }

  /** The signed-in layout: its message loop runs until the page is left. */
  private openPage() {
    const left = new AbortController();
    const loop = this.token ? this.poll(left.signal) : Promise.resolve();
    return {
      leave: async () => {
        left.abort();
        await loop;
      },
    };
  }

  /** The message loop: one poll held all the time, acknowledging what the previous answer showed. */
  private async poll(pageLeft: AbortSignal) {
    let ackIds: number[] = [];
    const signal = AbortSignal.any([this.day.signal, pageLeft]);
    while (!signal.aborted) {
      const answer = await this.req<Envelope<Broadcast>>('message poll', {
        method: 'POST',
        path: IM_PATHS.listener,
        body: { receiver: this.clerk.workCode, storeCode: this.storeCode, ackIds },
        signal: pageLeft,
      });
      if (signal.aborted) break;
      if (answer?.status !== 200 || !answer.body) {
        // The console waits 60 s after a failed poll (spec 4.6); the bench only counts it and waits 1 s.
        await delay(1_000, signal);
        continue;
      }
      this.day.stats.pollsAnswered += 1;
      const list = answer.body.data.messageList;
      for (const message of list) {
        if (this.shownIds.has(message.messageId)) continue;
        this.shownIds.add(message.messageId);
        this.day.stats.messagesShown += 1;
        const planNo = message.messageContent.expandInfo.performancePlanOrderNo;
        if (message.messageContent.title === '您有新的线上订单' && typeof planNo === 'string') {
          this.day.offerShown(planNo);
          if (Math.random() < this.day.workload.grabInterest) {
            this.toGrab.push(planNo);
            // A clerk reacts to the latest alerts, not to a backlog of orders long taken.
            if (this.toGrab.length > MAX_WAITING_GRABS) this.toGrab.shift();
          }
        }
      }
      ackIds = list.map((m) => m.messageId);
    }
  }

  /** The clicks: a grab or ship when one is waiting, else a read; now and then a new sign-in. */
  private async act(signInAgain: () => Promise<boolean>) {
    const { signal } = this.day;
    const w = this.day.workload;
    while (!signal.aborted) {
      await delay(think(w.thinkMs), signal);
      if (signal.aborted) break;
      // An order this clerk took is shipped before the next offer is opened.
      const ship = this.toShip.shift();
      const grab = ship ? undefined : this.toGrab.pop();
      if (ship) await this.ship(ship);
      else if (grab) await this.grab(grab);
      else if (Math.random() < w.signInShare) {
        if (!(await signInAgain())) return;
      } else await this.read();
    }
  }

  private async grab(planNo: string) {
    const scope = { storeCode: this.storeCode };
    await this.req('offers list', {
      method: 'POST',
      path: ORDER_PATHS.offers,
      body: { ...scope, pageNum: 1, pageSize: 10 },
    });
    await this.req('offer detail', {
      method: 'POST',
      path: ORDER_PATHS.offerDetail,
      body: { ...scope, performancePlanOrderNo: planNo },
    });
    const answer = await this.req<Envelope<{ performanceOrderNo: string }>>('grab', {
      method: 'POST',
      path: ORDER_PATHS.grab,
      body: { ...scope, performancePlanOrderNo: planNo },
    });
    if (answer?.status === 200 && answer.body) {
      this.day.stats.grabsWon += 1;
      this.toShip.push(answer.body.data.performanceOrderNo);
    } else if (answer?.status === 409) this.day.stats.grabsLost += 1;
  }

  private async ship(performanceOrderNo: string) {
    await this.detail({ performanceOrderNo });
    const answer = await this.req('ship', {
      method: 'POST',
      path: ORDER_PATHS.deliver,
      body: {
        storeCode: this.storeCode,
        performanceOrderNo,
        delivererName: '李师傅',
        delivererPhone: '13800138000',
      },
    });
    if (answer?.status === 200) this.day.stats.shipped += 1;
  }

  private detail(numbers: { performanceOrderNo: string }) {
    const query = new URLSearchParams({ storeCode: this.storeCode, ...numbers });
    return this.req('order detail', { method: 'GET', path: `${ORDER_PATHS.detail}?${query}` });
  }

  private async read(): Promise<void> {
    let roll = Math.random() * READ_WEIGHT;
    const [kind] = READS.find(([, weight]) => (roll -= weight) < 0) ?? READS[0]!;
    const scope = { storeCode: this.storeCode };
    switch (kind) {
      case 'dashboard':
        await this.req('dashboard summary', {
          method: 'POST',
          path: DASHBOARD_PATHS.summary,
          body: { ...scope, days: 7 },
        });
        return;
      case 'received': {
        const status = Math.random() < 0.5 ? 'all' : 'wait_ship';
        const page = await this.req<Envelope<{ list: { performanceOrderNo: string; omsOrderNo: string }[] }>>(
          'received orders',
          {
            method: 'POST',
            path: ORDER_PATHS.received,
            body: { ...scope, status, pageNum: 1, pageSize: 20 },
          },
        );
        if (page?.status === 200 && page.body) this.lastPage = page.body.data.list;
        return;
      }
      case 'detail':
      case 'log': {
        if (this.lastPage.length === 0) return this.read();
        const row = pick(this.lastPage);
        if (kind === 'detail') await this.detail({ performanceOrderNo: row.performanceOrderNo });
        else {
          const query = new URLSearchParams({ ...scope, omsOrderNo: row.omsOrderNo });
          await this.req('order log', { method: 'GET', path: `${ORDER_PATHS.logList}?${query}` });
        }
        return;
      }
      case 'offers':
        await this.req('offers list', {
          method: 'POST',
          path: ORDER_PATHS.offers,
          body: { ...scope, pageNum: 1, pageSize: 10 },
        });
        return;
      default:
        await this.req('untaken list', {
          method: 'POST',
          path: ORDER_PATHS.untaken,
          body: { ...scope, pageNum: 1, pageSize: 10 },
        });
    }
  }
}
