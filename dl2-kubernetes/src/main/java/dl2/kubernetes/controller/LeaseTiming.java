package dl2.kubernetes.controller;

import java.time.Duration;

/**
 * How the Lease {@code dl2-controller} is held: it lasts {@code lease} from each renewal, the
 * holder renews every {@code retry} and gives up leading once it could not renew for {@code
 * renewDeadline} (shorter than the lease, so it stops before anybody else may start); a candidate
 * retries every {@code retry}.
 */
record LeaseTiming(Duration lease, Duration renewDeadline, Duration retry) {
  /** client-go's defaults, scaled to the controller's slots of seconds to minutes. */
  static final LeaseTiming STANDARD =
      new LeaseTiming(Duration.ofSeconds(15), Duration.ofSeconds(10), Duration.ofSeconds(2));

  LeaseTiming {
    if (renewDeadline.compareTo(lease) >= 0 || retry.compareTo(renewDeadline) >= 0) {
      throw new IllegalArgumentException(
          "need retry < renew deadline < lease: " + retry + ", " + renewDeadline + ", " + lease);
    }
  }
}
