package dl2.simulation.world;

import dl2.io.StateReader;
import dl2.io.StateWriter;
import dl2.model.ClusterSpec;
import dl2.model.GpuType;
import dl2.model.JobType;
import dl2.slot.PlacedJob;
import dl2.slot.PlacementProbe;
import dl2.speed.SpeedModel;
import java.util.List;

/**
 * A world on a cluster of several GPU types (Project: heterogeneous clusters): a job does what the
 * base world says times its type's factor on the slowest GPU type among its workers' nodes, since
 * synchronous training waits for the slowest worker each step. Dry runs and the oracles stay at
 * dl2's own pace (heterogeneity-blind); its speed ceiling takes the fastest type of the cluster, so
 * a bound built on it stays a bound (the capacity bound applies each type's factor itself, to the
 * ceiling without types: {@link #withoutGpuTypes}).
 */
public final class GpuTypedWorld implements World {
  private final World base;
  private final GpuType[] nodeTypes;
  private final List<GpuType> types;

  private GpuTypedWorld(World base, ClusterSpec cluster) {
    this.base = base;
    this.nodeTypes = cluster.gpuTypes();
    this.types = cluster.groups().stream().map(g -> g.gpuType()).distinct().toList();
  }

  /**
   * {@code world} on {@code cluster}: the base world itself where every node runs at dl2's own pace
   * (so single-type clusters run exactly as before), else the base world scaled by GPU type.
   */
  public static World over(World world, ClusterSpec cluster) {
    World base = world instanceof GpuTypedWorld typed ? typed.base : world;
    return cluster.uniformSpeed() ? base : new GpuTypedWorld(base, cluster);
  }

  /** The run without its GPU types' factors: {@code run} itself unless this world started it. */
  public static WorldRun withoutGpuTypes(WorldRun run) {
    return run instanceof Run typed ? typed.base : run;
  }

  /** The world without GPU types. */
  public World base() {
    return base;
  }

  @Override
  public String name() {
    return base.name();
  }

  @Override
  public String toString() {
    return name();
  }

  @Override
  public WorldRun start(SpeedModel speed, int slotSeconds, double speedNoise, long seed) {
    return new Run(base.start(speed, slotSeconds, speedNoise, seed));
  }

  /** The slowest factor of {@code job}'s workers' GPU types; 1 without a worker. */
  double slowestFactor(PlacedJob job) {
    double slowest = Double.POSITIVE_INFINITY;
    JobType type = job.type();
    for (int i = 0; i < job.workers(); i++) {
      slowest = Math.min(slowest, nodeTypes[job.workerNode(i)].factor(type));
    }
    return job.workers() == 0 ? 1 : slowest;
  }

  /** The fastest factor of {@code type} over the cluster's GPU types. */
  double fastestFactor(JobType type) {
    double fastest = 0;
    for (GpuType gpu : types) {
      fastest = Math.max(fastest, gpu.factor(type));
    }
    return fastest;
  }

  private final class Run implements WorldRun {
    private final WorldRun base;

    Run(WorldRun base) {
      this.base = base;
    }

    @Override
    public double[] fullSlotEpochs(int slot, List<? extends PlacedJob> jobs) {
      double[] epochs = base.fullSlotEpochs(slot, jobs);
      for (int i = 0; i < epochs.length; i++) {
        if (epochs[i] > 0) {
          epochs[i] *= slowestFactor(jobs.get(i));
        }
      }
      return epochs;
    }

    @Override
    public double dryRunEpochsPerSlot(int jobId, JobType type, int numPs, int numWorkers) {
      return base.dryRunEpochsPerSlot(jobId, type, numPs, numWorkers);
    }

    @Override
    public double isolatedEpochsPerSlot(int jobId, JobType type, int numPs, int numWorkers) {
      return base.isolatedEpochsPerSlot(jobId, type, numPs, numWorkers);
    }

    @Override
    public double placedEpochsPerSlot(int jobId, JobType type, PlacementProbe probe) {
      return base.placedEpochsPerSlot(jobId, type, probe);
    }

    /** The base ceiling on the fastest GPU type everywhere: a valid relaxation. */
    @Override
    public SpeedCeiling speedCeiling() {
      SpeedCeiling ceiling = base.speedCeiling();
      return new SpeedCeiling() {
        @Override
        public double peakEpochsPerSlot(
            int jobId, JobType type, int numPs, int numWorkers, double localPairs) {
          return ceiling.peakEpochsPerSlot(jobId, type, numPs, numWorkers, localPairs)
              * fastestFactor(type);
        }

        @Override
        public double slotFactor(int jobId, int slot) {
          return ceiling.slotFactor(jobId, slot);
        }

        @Override
        public boolean steady() {
          return ceiling.steady();
        }
      };
    }

    @Override
    public void writeState(StateWriter out) {
      base.writeState(out);
    }

    @Override
    public void readState(StateReader in) {
      base.readState(in);
    }
  }
}
