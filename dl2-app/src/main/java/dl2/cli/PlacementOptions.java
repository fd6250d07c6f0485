package dl2.cli;

import dl2.evaluation.Evaluation;
import dl2.evaluation.SchedulerCatalog;
import dl2.io.InputException;
import dl2.placement.FewestNodes;
import dl2.placement.LeastLoaded;
import dl2.placement.Placements;
import dl2.registry.Trait;
import dl2.schedulers.registry.Schedulers;
import dl2.slot.SchedulerName;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine.Option;

/**
 * Where tasks go: a built-in placement or one of your own from a jar (see
 * docs/heuristics/placement.md).
 */
public final class PlacementOptions {
  static final String HELP =
      "Where the scheduler's tasks go: least-loaded (the default, the original simulator's rule), "
          + "fewest-nodes (Optimus' consolidation) or interference-aware, or one of your own from "
          + Placements.OPTION
          + "; stable or stable-PLACEMENT keeps running tasks where they run and places only new "
          + "ones (what the Kubernetes controller always does); the same as naming the scheduler NAME@PLACEMENT. compare "
          + "takes a comma-separated list and runs every baseline under each (default: all three in the realistic world, "
          + "least-loaded and fewest-nodes in the default one).";

  /**
   * compare's placements in the default world: interference-aware measures no interference there
   * and places as fewest-nodes does, at many times the cost (docs/heuristics/placement.md).
   */
  static final List<String> DEFAULT_WORLD_PLACEMENTS = List.of(LeastLoaded.NAME, FewestNodes.NAME);

  @Option(
      names = "--placement",
      paramLabel = "PLACEMENT[,PLACEMENT...]",
      split = ",",
      description = HELP)
  List<String> placements = new ArrayList<>();

  @Option(
      names = "--placement-aware",
      description =
          "compare: also run ia-greedy and ia-greedy-oracle, the placement-aware greedy, in the default world "
              + "(the realistic world always runs them unless --placement least-loaded).")
  boolean placementAware;

  @Option(
      names = Placements.OPTION,
      paramLabel = "JAR",
      description =
          "A jar (or classes directory) with placement plug-ins listed in META-INF/services/"
              + "dl2.placement.PlacementPlugin; they run under their own names. Repeatable.")
  List<Path> jars = new ArrayList<>();

  /** {@code scheduler} read as a name, under the --placement if one is given. */
  SchedulerName apply(String scheduler) {
    if (placements.size() > 1) {
      throw new InputException(
          "--placement takes one placement here, not " + String.join(",", placements));
    }
    SchedulerName name = SchedulerName.parse(scheduler);
    return placements.isEmpty() ? name : placed(name, placements.get(0));
  }

  /**
   * The rows of compare: every baseline under each --placement (by default all built-in ones in the
   * realistic world, {@link #DEFAULT_WORLD_PLACEMENTS} in the default one), those that place their
   * own tasks once; then the placement-aware greedy where it is the bar, in the realistic world (in
   * the default world it answers each type's curve, and its oracle plays
   * optimus-remaining@fewest-nodes at many times the cost: docs/heuristics/placement.md), or with
   * {@code --placement-aware}; then your plug-ins and, with a policy, dl2 under each placement and
   * under the one it was trained with ({@code policyPlacement}), so that it always runs as trained;
   * once, alone, if it places its own tasks ({@code policyPlacesItself}), as no placement decides
   * for it. Only the default placement gives compare's rows as they were before placements.
   */
  List<String> comparedSchedulers(
      List<String> pluginNames,
      Optional<String> policyPlacement,
      boolean policyPlacesItself,
      boolean realistic) {
    List<String> under =
        !placements.isEmpty()
            ? List.copyOf(placements)
            : realistic ? Placements.NAMES : DEFAULT_WORLD_PLACEMENTS;
    List<String> rows = new ArrayList<>();
    for (String placement : under) {
      for (String baseline : Schedulers.BASELINES) {
        SchedulerName row = placed(SchedulerName.of(baseline), placement);
        if (row.isDefaultPlacement()
            || !Schedulers.BUILT_IN.is(baseline, Trait.PLACES_ITS_OWN_TASKS)) {
          rows.add(row.toString());
        }
      }
    }
    if (placementAware || realistic && !under.equals(List.of(SchedulerName.DEFAULT_PLACEMENT))) {
      Schedulers.BUILT_IN.names(Trait.PLACEMENT_AWARE).stream()
          .filter(s -> !rows.contains(s))
          .forEach(rows::add);
    }
    for (String own : pluginNames) {
      under.forEach(placement -> rows.add(placed(SchedulerName.of(own), placement).toString()));
    }
    policyPlacement.ifPresent(
        trained -> {
          if (policyPlacesItself) {
            rows.add(SchedulerCatalog.POLICY);
            return;
          }
          SchedulerName policy = SchedulerName.of(SchedulerCatalog.POLICY);
          under.forEach(placement -> rows.add(placed(policy, placement).toString()));
          rows.add(placed(policy, trained).toString());
        });
    return rows.stream().distinct().toList();
  }

  /**
   * Whether {@code experiment}'s policy, compared as dl2, names the node of every task itself: no
   * placement decides for it.
   */
  static boolean policyPlacesItself(Evaluation experiment) {
    return experiment.catalog().policy().isPresent()
        && experiment.newScheduler(SchedulerCatalog.POLICY, 0).placesItsOwnTasks();
  }

  /**
   * {@code name} on {@code placement}; the name as it is for the default, which it is bit for bit.
   */
  static SchedulerName placed(SchedulerName name, String placement) {
    if (SchedulerName.isDefault(placement)) {
      return name;
    }
    if (name.placement().isPresent()) {
      throw new InputException(
          "--placement "
              + placement
              + " and a placed scheduler name '"
              + name
              + "' together: give the placement once");
    }
    return name.withPlacement(placement);
  }

  /**
   * Refuses schedulers that need the simulator's world (oracles of placement) where no simulator
   * runs.
   */
  static void checkRunsLive(SchedulerName scheduler, String where) {
    if (SchedulerCatalog.needsSimulator(scheduler)) {
      throw new InputException(
          "scheduler "
              + scheduler
              + " is an oracle: it asks the simulator's own model of placement "
              + "and interference, which "
              + where
              + " does not have; run it with simulate or compare, or use ia-greedy");
    }
  }
}
