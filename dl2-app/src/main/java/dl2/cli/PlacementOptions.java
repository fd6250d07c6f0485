package dl2.cli;

import dl2.evaluation.SchedulerCatalog;
import dl2.io.InputException;
import dl2.placement.FewestNodes;
import dl2.placement.LeastLoaded;
import dl2.placement.PlacementPlugins;
import dl2.placement.Placements;
import dl2.schedulers.Schedulers;
import dl2.slot.PlacedScheduler;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine.Option;

/** Where tasks go: a built-in placement or one of your own from a jar (see docs/heuristics.md). */
public final class PlacementOptions {
  static final String HELP = "Where the scheduler's tasks go: least-loaded (the default, the original simulator's rule), "
      + "fewest-nodes (Optimus' consolidation) or interference-aware, or one of your own from "
      + PlacementPlugins.OPTION + "; stable or stable-PLACEMENT keeps running tasks where they run and places only new "
      + "ones (what the Kubernetes controller always does); the same as naming the scheduler NAME@PLACEMENT. compare "
      + "takes a comma-separated list and runs every baseline under each (default: all three in the realistic world, "
      + "least-loaded and fewest-nodes in the default one).";

  /**
   * compare's placements in the default world: interference-aware measures no interference there
   * and places as fewest-nodes does (within 0.02 % on paper-dense, docs/heuristics.md), at many times the cost.
   */
  static final List<String> DEFAULT_WORLD_PLACEMENTS = List.of(LeastLoaded.NAME, FewestNodes.NAME);

  @Option(names = "--placement", paramLabel = "PLACEMENT[,PLACEMENT...]", split = ",", description = HELP)
  List<String> placements = new ArrayList<>();

  @Option(names = "--placement-aware",
      description = "compare: also run ia-greedy and ia-greedy-oracle, the placement-aware greedy, in the default world "
          + "(the realistic world always runs them unless --placement least-loaded).")
  boolean placementAware;

  @Option(names = PlacementPlugins.OPTION, paramLabel = "JAR",
      description = "A jar (or classes directory) with placement plug-ins listed in META-INF/services/"
          + "dl2.placement.PlacementPlugin; they run under their own names. Repeatable.")
  List<Path> jars = new ArrayList<>();

  /** The plug-ins of the given jars and of the class path; a bad jar is a one-line InputException. */
  PlacementPlugins load() {
    return PlacementPlugins.load(jars);
  }

  /** {@code scheduler} under the --placement, if any: {@code NAME@PLACEMENT}, or the name alone for the default. */
  String apply(String scheduler) {
    if (placements.size() > 1) {
      throw new InputException("--placement takes one placement here, not " + String.join(",", placements));
    }
    return placed(scheduler, placements.isEmpty() ? null : placements.get(0));
  }

  /**
   * The rows of compare: every baseline under each --placement (by default all built-in ones in
   * the realistic world, {@link #DEFAULT_WORLD_PLACEMENTS} in the default one),
   * those that place their own tasks once; then the placement-aware greedy where it is the bar,
   * in the realistic world (in the default world it answers each type's curve, and its oracle is
   * optimus-remaining@fewest-nodes to within 0.01 %, at up to a hundred times the cost), or with
   * {@code --placement-aware}; then your plug-ins and, with a policy, dl2 under each placement and
   * under the one it was trained with ({@code policyPlacement}), so that it always runs as trained.
   * Only the default placement gives compare's rows as they were before placements.
   */
  List<String> comparedSchedulers(List<String> pluginNames, Optional<String> policyPlacement, boolean realistic) {
    List<String> under = !placements.isEmpty() ? List.copyOf(placements) : realistic ? Placements.NAMES : DEFAULT_WORLD_PLACEMENTS;
    List<String> rows = new ArrayList<>();
    for (String placement : under) {
      Schedulers.BASELINES.stream().filter(b -> placement.equals(LeastLoaded.NAME) || !Schedulers.PLACE_THEMSELVES.contains(b))
          .map(b -> placed(b, placement)).forEach(rows::add);
    }
    if (placementAware || realistic && !under.equals(List.of(LeastLoaded.NAME))) {
      Schedulers.PLACEMENT_AWARE.stream().filter(s -> !rows.contains(s)).forEach(rows::add);
    }
    for (String own : pluginNames) {
      under.forEach(placement -> rows.add(placed(own, placement)));
    }
    policyPlacement.ifPresent(trained -> {
      under.forEach(placement -> rows.add(placed(SchedulerCatalog.POLICY, placement)));
      rows.add(placed(SchedulerCatalog.POLICY, trained));
    });
    return rows.stream().distinct().toList();
  }

  /** {@code scheduler} on {@code placement}; the name alone for none or the default, which it is bit for bit. */
  static String placed(String scheduler, String placement) {
    if (placement == null || placement.equals(LeastLoaded.NAME)) {
      return scheduler;
    }
    if (scheduler.contains(PlacedScheduler.SEPARATOR)) {
      throw new InputException("--placement " + placement + " and a placed scheduler name '" + scheduler
          + "' together: give the placement once");
    }
    return scheduler + PlacedScheduler.SEPARATOR + placement;
  }

  /** Refuses schedulers that need the simulator's world (oracles of placement) where no simulator runs. */
  static void checkRunsLive(String scheduler, String where) {
    if (SchedulerCatalog.needsSimulator(scheduler)) {
      throw new InputException("scheduler " + scheduler + " is an oracle: it asks the simulator's own model of placement "
          + "and interference, which " + where + " does not have; run it with simulate or compare, or use ia-greedy");
    }
  }
}
