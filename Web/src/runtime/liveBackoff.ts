/**
 * When the live channel connects again after it dropped, as the Swift SDK decides it
 * (`LiveChannelState`): the server's `retry` hint (else 3 s), doubling with each failure in a
 * row up to 5 minutes, plus up to half again at random so browsers spread out. A connection that
 * stayed open a minute counts as a success: one the server or a proxy ends again and again within
 * seconds backs off.
 */
export class LiveBackoff {
  static readonly defaultRetryMillis = 3_000;
  static readonly maximumRetryMillis = 300_000;
  static readonly healthyAfterMillis = 60_000;

  /** Failures in a row. */
  failures = 0;
  /** The server's `retry` hint, in milliseconds. */
  retryHintMillis: number | undefined;

  /** A connection ended after `lastedMillis`; `failed` when it broke or was refused. */
  closed(lastedMillis: number, failed: boolean): void {
    if (lastedMillis >= LiveBackoff.healthyAfterMillis) this.failures = 0;
    if (failed || lastedMillis < LiveBackoff.healthyAfterMillis) this.failures += 1;
  }

  /** The wait before the next connection; `unit` is a random number in `[0, 1)`. */
  delayMillis(unit: number): number {
    const base = Math.max(500, this.retryHintMillis ?? LiveBackoff.defaultRetryMillis);
    // The first failure waits the hint itself; each one after it doubles the wait.
    const grown = Math.min(LiveBackoff.maximumRetryMillis, base * 2 ** Math.min(Math.max(0, this.failures - 1), 20));
    return Math.min(LiveBackoff.maximumRetryMillis * 1.5, grown * (1 + 0.5 * unit));
  }
}
