package dl2.simulation.world;

import dl2.model.JobType;
import dl2.slot.PlacedJob;
import dl2.speed.SplitSpeedModel;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/** Hand-checkable worlds: a split speed model of round numbers and parameters chosen per test. */
public final class WorldFixtures {
  private WorldFixtures() {}

  /** resnet-50's epoch size: with T = 115 s, epochs per slot equal samples per second. */
  public static final int SLOT_SECONDS = 115;

  /**
   * Every type computes 1 s/sample and communicates 1 s/sample, whatever p and w: f = 1/2 alone.
   */
  public static final SplitSpeedModel UNIT =
      new SplitSpeedModel() {
        @Override
        public double computeSecondsPerSample(JobType type, int numPs, int numWorkers) {
          return 1;
        }

        @Override
        public double communicationSecondsPerSample(JobType type, int numPs, int numWorkers) {
          return 1;
        }

        @Override
        public double samplesPerSecond(JobType type, int numPs, int numWorkers) {
          return 0.5;
        }

        @Override
        public String name() {
          return "unit";
        }
      };

  /** No per-job variation or fluctuation, λ as given, every co-located throughput {@code s}. */
  public static WorldParameters parameters(double lambda, double s) {
    double[][] matrix = new double[8][8];
    for (double[] row : matrix) {
      Arrays.fill(row, s);
    }
    return new WorldParameters(0, 0, 0, lambda, 0, matrix, List.of(), Map.of());
  }

  static WorldParameters withColocated(WorldParameters p, JobType job, JobType other, double s) {
    double[][] matrix = p.colocatedThroughput();
    matrix[job.ordinal()][other.ordinal()] = s;
    return new WorldParameters(
        p.throughputLogSd(),
        p.commRatioLogSd(),
        p.correlation(),
        p.intraNodeCommFactor(),
        p.fluctuationLogSd(),
        matrix,
        p.sources(),
        p.diagnostics());
  }

  static WorldParameters withSpreads(
      WorldParameters p, double throughput, double ratio, double rho, double fluctuation) {
    return new WorldParameters(
        throughput,
        ratio,
        rho,
        p.intraNodeCommFactor(),
        fluctuation,
        p.colocatedThroughput(),
        p.sources(),
        p.diagnostics());
  }

  /** A job whose workers and PSs sit on the given nodes. */
  record Job(int id, JobType type, int[] workerNodes, int[] psNodes) implements PlacedJob {
    static Job of(int id, JobType type, int[] workerNodes, int[] psNodes) {
      return new Job(id, type, workerNodes, psNodes);
    }

    @Override
    public int workers() {
      return workerNodes.length;
    }

    @Override
    public int parameterServers() {
      return psNodes.length;
    }

    @Override
    public int workerNode(int i) {
      return workerNodes[i];
    }

    @Override
    public int psNode(int i) {
      return psNodes[i];
    }
  }

  static int[] nodes(int... nodes) {
    return nodes;
  }

  static RealisticRun run(WorldParameters p, long seed) {
    return (RealisticRun) new RealisticWorld(p).start(UNIT, SLOT_SECONDS, 0, seed);
  }
}
