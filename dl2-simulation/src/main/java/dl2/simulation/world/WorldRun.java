package dl2.simulation.world;

import dl2.io.StateReader;
import dl2.io.StateWriter;
import dl2.model.JobType;
import dl2.slot.PlacedJob;
import dl2.slot.PlacementProbe;
import java.util.List;

/**
 * A world during one run of a trace: what each job really achieves, and the isolated rates dry runs
 * see.
 */
public interface WorldRun {
  /**
   * The epochs each job of {@code jobs} would achieve in the whole of slot {@code slot} with the
   * tasks it holds and where they are, before any completion or scaling loss; 0 for a job without a
   * worker or a parameter server. Called once per slot with every job that may hold tasks, in
   * ascending id order; the result is in the same order.
   */
  double[] fullSlotEpochs(int slot, List<? extends PlacedJob> jobs);

  /**
   * The full-slot epochs of job {@code jobId} with {@code numPs} PSs and {@code numWorkers} workers
   * as a dry run answers it (dl2-spec §3.3): the exact world's curve with a fresh noise draw, or in
   * the realistic world the job's own isolated curve (no placement, interference or fluctuation).
   */
  double dryRunEpochsPerSlot(int jobId, JobType type, int numPs, int numWorkers);

  /**
   * The job's true full-slot epochs at ({@code numPs}, {@code numWorkers}) alone on the cluster,
   * noise-free: its type's curve in the exact world, its own isolated curve in the realistic one.
   * The speed oracle that only rewards named as oracles may use; 0 without a worker or a PS.
   */
  double isolatedEpochsPerSlot(int jobId, JobType type, int numPs, int numWorkers);

  /**
   * The full-slot epochs job {@code jobId} would make placed as {@code probe} says (its tasks per
   * node and the other training jobs' tasks there), by this world's model, without fluctuation or
   * noise: the oracle behind {@link dl2.slot.SlotContext#dryRunPlacedEpochsPerSlot}. The exact
   * world ignores placement: its type curve at the probe's counts.
   */
  double placedEpochsPerSlot(int jobId, JobType type, PlacementProbe probe);

  /** What bounds this run's progress of any job from above, for lower bounds on JCT. */
  SpeedCeiling speedCeiling();

  /** Saves the run's random streams (between slots). */
  void writeState(StateWriter out);

  /** Continues from a state saved by {@link #writeState}. */
  void readState(StateReader in);
}
