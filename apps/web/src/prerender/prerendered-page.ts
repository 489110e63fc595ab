/** A page drawn at build time (apps/web/prerender.ts): what each module of this folder renders. */
export interface PrerenderedPage {
  /** The markup of `#root`, as the client's first render draws it. */
  html: string;
  /** The antd styles that markup needs, collected from the render instead of injected by the client. */
  css: string;
}
