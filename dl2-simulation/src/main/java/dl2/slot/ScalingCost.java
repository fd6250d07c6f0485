package dl2.slot;

/**
 * What resizing a job costs (dl2-spec §9.4, §10): the simulator charges nothing by default; with a
 * cost, a job whose allocation changed from the previous slot trains only after that many seconds
 * of the slot. {@code HOT}: seconds per parameter server added or removed (the paper's hot scaling
 * moved 1–6 PSs in 0.06–0.63 s, about 0.1 s each; workers join for free). {@code RESTART}: a fixed
 * checkpoint-restart time whenever the allocation of a job that has already run changes (the paper
 * measured 11.5–16.1 s). A job's first start is free in both.
 */
public record ScalingCost(Mode mode, double seconds) {
  public enum Mode {
    NONE,
    HOT,
    RESTART
  }

  public static final ScalingCost NONE = new ScalingCost(Mode.NONE, 0);

  /** The paper's hot scaling, about 0.1 s per PS added or removed. */
  public static final double DEFAULT_HOT_SECONDS_PER_PS = 0.1;

  /** The middle of the paper's checkpoint-restart range, 11.5–16.1 s. */
  public static final double DEFAULT_RESTART_SECONDS = 13.8;

  public ScalingCost {
    if (mode == null
        || !(seconds >= 0)
        || Double.isInfinite(seconds)
        || (mode == Mode.NONE && seconds != 0)) {
      throw new IllegalArgumentException(
          "a scaling cost needs a mode and a finite, non-negative time: " + mode + " " + seconds);
    }
  }

  public static ScalingCost hot(double secondsPerPs) {
    return new ScalingCost(Mode.HOT, secondsPerPs);
  }

  public static ScalingCost restart(double seconds) {
    return new ScalingCost(Mode.RESTART, seconds);
  }

  /**
   * The fraction of a slot of {@code slotSeconds} lost to going from ({@code oldWorkers}, {@code
   * oldPs}) to ({@code workers}, {@code ps}), in [0, 1].
   */
  public double lostFraction(
      int oldWorkers, int oldPs, int workers, int ps, boolean hasRun, int slotSeconds) {
    if (!hasRun || (oldWorkers == workers && oldPs == ps)) {
      return 0;
    }
    double lost =
        switch (mode) {
          case NONE -> 0;
          case HOT -> seconds * Math.abs(ps - oldPs);
          case RESTART -> seconds;
        };
    return Math.min(1, lost / slotSeconds);
  }

  @Override
  public String toString() {
    return switch (mode) {
      case NONE -> "none";
      case HOT -> "hot:" + seconds;
      case RESTART -> "restart:" + seconds;
    };
  }
}
