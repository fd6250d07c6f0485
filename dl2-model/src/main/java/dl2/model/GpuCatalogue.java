package dl2.model;

import java.util.List;
import java.util.Optional;

/**
 * The GPU types a cluster may name, with per-job-type speed factors from public measurements
 * (Project: heterogeneous clusters; the mapping and the sources are in
 * docs/heterogeneous-clusters.md, and a test recomputes every factor from the files). Gavel's
 * K80/P100/V100 are relative to the V100, ElasticFlow's A100/T4 to the A100: factor 1 is dl2's
 * curve, the fastest GPU of each family. Order of the factors: {@link JobType#values()}; the two
 * CPU-only types keep 1.
 */
public final class GpuCatalogue {
  /** Gavel's K80 (simulation_throughputs.json, scale factor 1, geometric mean over batch sizes). */
  public static final GpuType K80 =
      new GpuType("k80", new double[] {0.1583, 0.1583, 0.1551, 0.1583, 0.2799, 1, 1, 0.2503});

  public static final GpuType P100 =
      new GpuType("p100", new double[] {0.659, 0.659, 0.9021, 0.659, 0.7414, 1, 1, 0.8398});

  public static final GpuType V100 = GpuType.uniform("v100");

  public static final GpuType A100 = GpuType.uniform("a100");

  /** ElasticFlow's T4 against its A100 (one GPU, samples/s, geometric mean over batch sizes). */
  public static final GpuType T4 =
      new GpuType("t4", new double[] {0.4724, 0.4724, 0.4639, 0.4724, 0.3165, 1, 1, 0.3165});

  /** Every named type, the default first. */
  public static final List<GpuType> ALL = List.of(GpuType.DEFAULT, K80, P100, V100, A100, T4);

  private GpuCatalogue() {}

  /** The type called {@code name}, if there is one. */
  public static Optional<GpuType> byName(String name) {
    return ALL.stream().filter(t -> t.name().equals(name)).findFirst();
  }

  /** The names, comma-separated, for messages. */
  public static String names() {
    return String.join(", ", ALL.stream().map(GpuType::name).toList());
  }
}
