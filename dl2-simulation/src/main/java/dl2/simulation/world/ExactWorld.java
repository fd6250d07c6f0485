package dl2.simulation.world;

import dl2.io.StateReader;
import dl2.io.StateWriter;
import dl2.model.JobType;
import dl2.model.Rng;
import dl2.model.SeedStream;
import dl2.slot.PlacedJob;
import dl2.slot.PlacementProbe;
import dl2.speed.SpeedModel;
import java.util.List;

/**
 * The default world (dl2-spec §3.3): a job with p ≥ 1 PSs and w ≥ 1 workers does its type's f(p,
 * w)·T/epoch_size epochs, times (1 + ε_s·U(−1,1)) with U drawn afresh per job and slot when ε_s >
 * 0, wherever its tasks run. Dry runs draw from a stream of their own.
 */
public final class ExactWorld implements World {
  public static final ExactWorld INSTANCE = new ExactWorld();

  private ExactWorld() {}

  @Override
  public String name() {
    return "default";
  }

  @Override
  public String toString() {
    return name();
  }

  @Override
  public WorldRun start(SpeedModel speed, int slotSeconds, double speedNoise, long seed) {
    return new Run(speed, slotSeconds, speedNoise, seed);
  }

  private static final class Run implements WorldRun {
    private final SpeedModel speed;
    private final int slotSeconds;
    private final double speedNoise;
    private final Rng progressNoise;
    private final Rng dryRunNoise;

    Run(SpeedModel speed, int slotSeconds, double speedNoise, long seed) {
      this.speed = speed;
      this.slotSeconds = slotSeconds;
      this.speedNoise = speedNoise;
      this.progressNoise = new Rng(Rng.derive(seed, SeedStream.PROGRESS_NOISE));
      this.dryRunNoise = new Rng(Rng.derive(seed, SeedStream.DRY_RUN_NOISE));
    }

    @Override
    public double[] fullSlotEpochs(int slot, List<? extends PlacedJob> jobs) {
      double[] epochs = new double[jobs.size()];
      for (int i = 0; i < epochs.length; i++) {
        PlacedJob job = jobs.get(i);
        epochs[i] = epochs(job.type(), job.parameterServers(), job.workers(), progressNoise);
      }
      return epochs;
    }

    @Override
    public double dryRunEpochsPerSlot(int jobId, JobType type, int numPs, int numWorkers) {
      return epochs(type, numPs, numWorkers, dryRunNoise);
    }

    @Override
    public double isolatedEpochsPerSlot(int jobId, JobType type, int numPs, int numWorkers) {
      return numPs < 1 || numWorkers < 1
          ? 0
          : speed.epochsPerSlot(type, numPs, numWorkers, slotSeconds);
    }

    @Override
    public double placedEpochsPerSlot(int jobId, JobType type, PlacementProbe probe) {
      return isolatedEpochsPerSlot(
          jobId, type, probe.totalParameterServers(), probe.totalWorkers());
    }

    /** The type curve, placement aside, times at most 1 + ε_s: the largest noise factor. */
    @Override
    public SpeedCeiling speedCeiling() {
      double factor = speedNoise > 0 ? 1 + speedNoise : 1;
      return new SpeedCeiling() {
        @Override
        public double peakEpochsPerSlot(
            int jobId, JobType type, int numPs, int numWorkers, double localPairs) {
          return isolatedEpochsPerSlot(jobId, type, numPs, numWorkers);
        }

        @Override
        public double slotFactor(int jobId, int slot) {
          return factor;
        }

        @Override
        public boolean steady() {
          return true;
        }
      };
    }

    /**
     * Full-slot epochs with a fresh noise draw when ε_s > 0; 0 (and no draw) without a worker or a
     * PS.
     */
    private double epochs(JobType type, int numPs, int numWorkers, Rng noise) {
      if (numPs < 1 || numWorkers < 1) {
        return 0;
      }
      double epochs = speed.epochsPerSlot(type, numPs, numWorkers, slotSeconds);
      if (speedNoise > 0) {
        epochs *= 1 + speedNoise * noise.nextSymmetric();
      }
      return epochs;
    }

    @Override
    public void writeState(StateWriter out) {
      progressNoise.writeState(out);
      dryRunNoise.writeState(out);
    }

    @Override
    public void readState(StateReader in) {
      progressNoise.readState(in);
      dryRunNoise.readState(in);
    }
  }
}
