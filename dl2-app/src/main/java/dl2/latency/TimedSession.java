package dl2.latency;

import dl2.learning.policy.PolicySession;

/** Marks each decision of a session on the clock. */
record TimedSession(PolicySession inner, SlotClock clock) implements PolicySession {
  @Override
  public double[] probabilities() {
    return inner.probabilities();
  }

  @Override
  public int greedy() {
    clock.decision();
    return inner.greedy();
  }

  @Override
  public int sample(double u) {
    clock.decision();
    return inner.sample(u);
  }

  @Override
  public void reset() {
    inner.reset();
  }

  @Override
  public void changed(int column) {
    inner.changed(column);
  }

  @Override
  public void removed(int column) {
    inner.removed(column);
  }
}
