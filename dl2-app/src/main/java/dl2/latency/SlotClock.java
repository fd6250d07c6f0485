package dl2.latency;

import dl2.learning.policy.PooledSession;
import java.util.ArrayList;
import java.util.List;

/**
 * Times decisions as the intervals between the starts of consecutive decisions of a slot (the last
 * one ends with the slot), and whole slots, in wall time and in the thread's CPU time (which a busy
 * machine's preemptions do not inflate).
 */
final class SlotClock {
  final List<PooledSession> pooled = new ArrayList<>();
  long exactDecisions;
  private final Samples decisions = new Samples();
  private final Samples slots = new Samples();
  private final Samples slotsCpu = new Samples();
  private final Samples decisionsPerSlot = new Samples();
  private final java.lang.management.ThreadMXBean threads =
      java.lang.management.ManagementFactory.getThreadMXBean();
  private long slotStart;
  private long slotStartCpu;
  private long lastMark;
  private int count;

  void startSlot() {
    count = 0;
    slotStartCpu = threads.getCurrentThreadCpuTime();
    slotStart = System.nanoTime();
  }

  void decision() {
    long now = System.nanoTime();
    if (count > 0) {
      decisions.add(now - lastMark);
    }
    lastMark = now;
    count++;
  }

  void endSlot() {
    long now = System.nanoTime();
    if (count > 0) {
      decisions.add(now - lastMark);
    }
    slots.add(now - slotStart);
    slotsCpu.add(threads.getCurrentThreadCpuTime() - slotStartCpu);
    decisionsPerSlot.add(count);
  }

  LatencyReport.Path paths() {
    return new LatencyReport.Path(
        decisions.size(),
        decisions.quantile(0.5),
        decisions.quantile(0.99),
        slots.size(),
        decisionsPerSlot.quantile(0.5),
        slots.quantile(0.5),
        slots.quantile(0.99),
        slotsCpu.quantile(0.5));
  }
}
