package dl2.simulation.world;

/**
 * What the realistic world did to the training job-slots of a run, averaged with equal weight per
 * job-slot: each factor is the ratio of the job's speed with and without that effect.
 *
 * @param jobSlots training job-slots counted
 * @param variation mean of the job's isolated speed over its type curve's, same (p, w)
 * @param placement mean speed-up from tasks sharing a node with their own job's tasks (≥ 1)
 * @param interference mean speed left after co-location interference (≤ 1); 1 − this is the mean
 *     slowdown
 * @param slowedFraction fraction of job-slots slowed by interference at all
 * @param fluctuation mean of the slot's fluctuation factor
 */
public record WorldEffects(
    long jobSlots,
    double variation,
    double placement,
    double interference,
    double slowedFraction,
    double fluctuation) {
  /** Sums of several runs' effects, weighted by their job-slots. */
  public static WorldEffects pooled(Iterable<WorldEffects> runs) {
    long slots = 0;
    double[] sums = new double[5];
    for (WorldEffects e : runs) {
      slots += e.jobSlots;
      sums[0] += e.variation * e.jobSlots;
      sums[1] += e.placement * e.jobSlots;
      sums[2] += e.interference * e.jobSlots;
      sums[3] += e.slowedFraction * e.jobSlots;
      sums[4] += e.fluctuation * e.jobSlots;
    }
    if (slots == 0) {
      return new WorldEffects(0, 1, 1, 1, 0, 1);
    }
    return new WorldEffects(
        slots, sums[0] / slots, sums[1] / slots, sums[2] / slots, sums[3] / slots, sums[4] / slots);
  }
}
