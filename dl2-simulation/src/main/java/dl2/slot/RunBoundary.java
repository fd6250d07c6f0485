package dl2.slot;

/**
 * Tells a scheduler that keeps per-job memory (attained service, a held allocation, its priorities)
 * when that memory belongs to another run: a slot whose number does not move forward starts a new
 * run, since one scheduler instance may run trace after trace and job ids repeat across traces. The
 * rule {@link ProgressMeter#startsNewRun} applies to measured progress.
 */
public final class RunBoundary {
  private int lastSlot = -1;

  /** Whether slot {@code slot} starts a new run; the slot is remembered for the next call. */
  public boolean startsNewRun(int slot) {
    boolean fresh = slot <= lastSlot;
    lastSlot = slot;
    return fresh;
  }
}
