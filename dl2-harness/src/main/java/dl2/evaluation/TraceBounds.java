package dl2.evaluation;

import dl2.bounds.CapacityBound;
import dl2.bounds.NoContentionBound;
import dl2.simulation.BatchRunner;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/** The lower bounds of an evaluation's traces, each on its own trace's cluster and seed. */
public final class TraceBounds {
  private TraceBounds() {}

  /**
   * The no-contention lower bound on each trace's average JCT, in trace order; in the realistic
   * world each job at the best (p, w) of its own isolated curve, which placement and fluctuation
   * can beat (a reference there; {@link #capacity} holds).
   */
  public static List<Double> noContention(Evaluation evaluation) {
    return evaluation.traces().stream()
        .map(
            t ->
                NoContentionBound.averageJct(
                    t.trace(),
                    evaluation.config(),
                    evaluation.speed(),
                    evaluation.simulatorSeed(t.index())))
        .toList();
  }

  /**
   * The capacity lower bound of each trace, in trace order ({@link CapacityBound}): at least the
   * isolated one, SRPT's total flow time with the cluster's cores, and its GPUs, as one preemptive
   * machine each, and the priced bound aimed on trace i at {@code reachable.get(i)}, a total JCT
   * some schedule reached there (the best compared scheduler's); valid in the realistic world too.
   * Computed on {@code threads} threads.
   */
  public static List<CapacityBound.Totals> capacity(
      Evaluation evaluation, List<Double> reachable, int threads) {
    List<TraceInput> traces = evaluation.traces();
    if (reachable.size() != traces.size()) {
      throw new IllegalArgumentException(
          reachable.size() + " reachable totals for " + traces.size() + " traces");
    }
    List<Callable<CapacityBound.Totals>> tasks = new ArrayList<>();
    for (TraceInput t : traces) {
      tasks.add(
          () ->
              CapacityBound.of(
                  t.trace(),
                  evaluation.config(),
                  evaluation.speed(),
                  evaluation.simulatorSeed(t.index()),
                  reachable.get(t.index())));
    }
    return BatchRunner.inOrder(tasks, threads);
  }
}
