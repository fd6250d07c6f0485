package dl2.workload;

import dl2.io.InputException;
import dl2.io.Suggestion;
import dl2.model.ClusterSpec;
import java.util.List;

/** The standard scales of dl2-spec §4.5, and two of them in the realistic world. */
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

  public static final List<Preset> ALL =
      List.of(
          PAPER_LARGE,
          PAPER_SMALL,
          PAPER_TESTBED,
          PAPER_DENSE,
          PAPER_DENSE_REALISTIC,
          PAPER_SMALL_REALISTIC);

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
