/** The options the payment widget was opened with, and its callbacks. */
export type WidgetOpts = Record<string, unknown> & {
  handler: (p: unknown) => void;
  modal: { ondismiss: () => void };
  prefill: Record<string, string>;
};

/** A stand-in for the payment widget (window.Razorpay) that records its options and ends as told. */
export function fakeRazorpay(end: (o: WidgetOpts, failed: (f: unknown) => void) => void) {
  const seen: WidgetOpts[] = [];
  window.Razorpay = class {
    private failed: (f: unknown) => void = () => {};
    constructor(private o: Record<string, unknown>) {
      seen.push(o as WidgetOpts);
    }
    on(_e: string, cb: (f: unknown) => void) {
      this.failed = cb;
    }
    open() {
      setTimeout(() => end(this.o as WidgetOpts, this.failed), 0);
    }
  } as never;
  return seen;
}
