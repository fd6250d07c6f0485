package dl2.workload;

import dl2.io.InputException;
import dl2.io.Suggestion;
import dl2.model.ClusterSpec;
import java.util.List;

/**
 * The standard scales of dl2-spec §4.5, two of them in the realistic world, and clusters of several
 * GPU types at two of their loads.
 */
public final class Presets {
  /** The paper's simulation scale: 500 nodes, 200 jobs, 10 arrivals per slot. */
  public static final Preset PAPER_LARGE =
      new Preset(
          "paper-large",
          ClusterSpec.ofNodes(500),
          16,
          40,
          1200,
          WorkloadConfig.paper(10, 200, 30000));

  public static final Preset PAPER_SMALL =
      new Preset(
          "paper-small", ClusterSpec.ofNodes(96), 16, 20, 1200, WorkloadConfig.paper(3, 60, 30000));

  /** The original's testbed-sized harness scale, with 300 s slots. */
  public static final Preset PAPER_TESTBED =
      new Preset(
          "paper-testbed", ClusterSpec.ofNodes(6), 16, 4, 300, WorkloadConfig.paper(5, 10, 1000));

  /** The original's experiment base: contended, so scheduling order matters. */
  public static final Preset PAPER_DENSE =
      new Preset(
          "paper-dense", ClusterSpec.ofNodes(48), 32, 20, 1200, WorkloadConfig.paper(3, 60, 80000));

  /** paper-dense in the realistic world (per-job speeds, placement, interference, fluctuation). */
  public static final Preset PAPER_DENSE_REALISTIC = PAPER_DENSE.withWorld(WorldKind.REALISTIC);

  /** paper-small in the realistic world. */
  public static final Preset PAPER_SMALL_REALISTIC = PAPER_SMALL.withWorld(WorldKind.REALISTIC);

  /** Gavel's K80/P100/V100 at paper-dense's load: 24 nodes of each type ({@link GpuPresets}). */
  public static final Preset GAVEL_DENSE = GpuPresets.gavel(PAPER_DENSE, "gavel-dense", 24);

  /** Gavel's K80/P100/V100 at paper-small's load: 48 nodes of each type. */
  public static final Preset GAVEL_SMALL = GpuPresets.gavel(PAPER_SMALL, "gavel-small", 48);

  /** ElasticFlow's T4/A100 at paper-dense's load: 34 nodes of each type. */
  public static final Preset A100T4_DENSE = GpuPresets.a100t4(PAPER_DENSE, "a100t4-dense", 34);

  /** ElasticFlow's T4/A100 at paper-small's load: 68 nodes of each type. */
  public static final Preset A100T4_SMALL = GpuPresets.a100t4(PAPER_SMALL, "a100t4-small", 68);

  /** The paper's scales, then the clusters of several GPU types ({@link GpuPresets}). */
  public static final List<Preset> ALL =
      List.of(
          PAPER_LARGE,
          PAPER_SMALL,
          PAPER_TESTBED,
          PAPER_DENSE,
          PAPER_DENSE_REALISTIC,
          PAPER_SMALL_REALISTIC,
          GAVEL_DENSE,
          GAVEL_SMALL,
          A100T4_DENSE,
          A100T4_SMALL);

  private Presets() {}

  /** The preset called {@code name}, or an {@link InputException} listing the valid names. */
  public static Preset byName(String name) {
    return ALL.stream()
        .filter(p -> p.name().equals(name))
        .findFirst()
        .orElseThrow(
            () ->
                new InputException(
                    "unknown workload preset '"
                        + name
                        + "'"
                        + Suggestion.didYouMean(name, ALL.stream().map(Preset::name).toList())
                        + "; valid presets: "
                        + names()));
  }

  public static String names() {
    return String.join(", ", ALL.stream().map(Preset::name).toList());
  }
}
