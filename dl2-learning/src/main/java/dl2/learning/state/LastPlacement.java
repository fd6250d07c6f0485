package dl2.learning.state;

import dl2.io.StateReader;
import dl2.io.StateWriter;
import dl2.slot.JobView;
import dl2.slot.ObservedSlot;
import dl2.slot.PlacementView;
import java.util.Map;
import java.util.TreeMap;

/**
 * Where each job ran in the last slot, as the placed encoding remembers it: how many nodes it
 * spanned and how many tasks of other jobs those nodes held, per node. A job that got no task last
 * slot has nothing remembered (both 0). Forgotten when a new run starts (job ids restart).
 */
final class LastPlacement {
  private final Map<Integer, double[]> byJob = new TreeMap<>();
  private int lastSlot = -1;

  /** A slot starts: a slot number that does not grow means a new run, whose ids mean other jobs. */
  void startSlot(int slot) {
    if (slot <= lastSlot) {
      byJob.clear();
    }
    lastSlot = slot;
  }

  /** The slot's decisions are done: remember where its jobs' tasks went, forgetting older slots. */
  void endSlot(ObservedSlot slot, PlacementView view) {
    byJob.clear();
    for (JobView job : slot.jobs()) {
      int nodes = view.nodesOf(job);
      if (nodes > 0) {
        byJob.put(job.id(), new double[] {nodes, PlacedFeatures.meanForeignTasks(job, view)});
      }
    }
  }

  /** Saves what is remembered, for a run's resume state (a resumed run must see the same). */
  void writeState(StateWriter out) {
    out.tag("last-placement");
    out.writeInt(lastSlot);
    out.writeInt(byJob.size());
    byJob.forEach(
        (id, known) -> {
          out.writeInt(id);
          out.writeDoubles(known);
        });
  }

  /** Restores what {@link #writeState} saved. */
  void readState(StateReader in) {
    in.expect("last-placement");
    lastSlot = in.readInt();
    byJob.clear();
    int jobs = in.readCount(Integer.MAX_VALUE);
    for (int i = 0; i < jobs; i++) {
      byJob.put(in.readInt(), in.readDoubles());
    }
  }

  double nodes(int jobId) {
    double[] known = byJob.get(jobId);
    return known == null ? 0 : known[0];
  }

  double meanForeignTasks(int jobId) {
    double[] known = byJob.get(jobId);
    return known == null ? 0 : known[1];
  }
}
