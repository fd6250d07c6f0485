package dl2.evaluation;

import dl2.io.InputException;
import dl2.learning.file.PolicyEvaluation;
import dl2.learning.file.PolicyFile;
import dl2.learning.policy.Decoding;
import dl2.placement.PlacedSchedulers;
import dl2.placement.PlacementPlugins;
import dl2.schedulers.SchedulerPlugins;
import dl2.schedulers.Schedulers;
import dl2.slot.Scheduler;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Every scheduler a command can name, resolved in one place: a plug-in of yours first (a jar's
 * {@code SchedulerPlugin}), then a baseline, then {@code dl2}, the trained policy; a name
 * {@code SCHEDULER@PLACEMENT} runs that scheduler with that placement (a built-in or a placement
 * plug-in). Help texts list
 * {@link #NAMES}, and every run, simulated or live, gets its scheduler from {@link #create}.
 */
public final class SchedulerCatalog {
  /** The name of the learned scheduler, which runs a policy file. */
  public static final String POLICY = "dl2";
  /** The built-in names, in the order reports list them: the baselines, then dl2. */
  public static final List<String> NAMES = names();

  private final SchedulerPlugins plugins;
  private final PlacementPlugins placements;
  private final Optional<PolicyFile> policy;
  private final Decoding decoding;
  private final double optimusError;

  /** The seeds one scheduler instance gets: Optimus' error signs, a plug-in's seed, dl2's sampled decoding. */
  public record Seeds(long optimus, long plugin, long decoding) {
    /** What a live controller gives its one scheduler. */
    public static final Seeds LIVE = new Seeds(0, 0, 0);
  }

  private SchedulerCatalog(SchedulerPlugins plugins, PlacementPlugins placements, Optional<PolicyFile> policy,
      Decoding decoding, double optimusError) {
    this.plugins = plugins;
    this.placements = placements;
    this.policy = policy;
    this.decoding = decoding;
    this.optimusError = optimusError;
  }

  /** The baselines alone, with Optimus' estimation error {@code optimusError}. */
  public static SchedulerCatalog baselines(double optimusError) {
    return new SchedulerCatalog(SchedulerPlugins.none(), PlacementPlugins.none(), Optional.empty(), Decoding.GREEDY,
        optimusError);
  }

  /** The same catalogue with {@code trained} as dl2, decoded as {@code mode}. */
  public SchedulerCatalog withPolicy(Optional<PolicyFile> trained, Decoding mode) {
    return new SchedulerCatalog(plugins, placements, trained, mode, optimusError);
  }

  /** The same catalogue with your plug-ins' schedulers under their names. */
  public SchedulerCatalog withPlugins(SchedulerPlugins loaded) {
    return new SchedulerCatalog(loaded, placements, policy, decoding, optimusError);
  }

  /** The same catalogue with your placement plug-ins under their names. */
  public SchedulerCatalog withPlacements(PlacementPlugins loaded) {
    return new SchedulerCatalog(plugins, loaded, policy, decoding, optimusError);
  }

  /** The plug-ins' scheduler names, alphabetically. */
  public List<String> pluginNames() {
    return plugins.names();
  }

  public Optional<PolicyFile> policy() {
    return policy;
  }

  /** Fails with an InputException listing the valid names if {@code name} is not a scheduler here. */
  public void check(String name, String preset) {
    PlacedSchedulers.check(name, placements);
    checkPlaceable(name);
    checkScheduler(PlacedSchedulers.schedulerPart(name), preset);
  }

  /** Whether {@code name} (placed or not) asks the simulator's world, which no emulated or live cluster has. */
  public static boolean needsSimulator(String name) {
    return Schedulers.NEED_SIMULATOR.contains(PlacedSchedulers.schedulerPart(name));
  }

  private static void checkPlaceable(String name) {
    String scheduler = PlacedSchedulers.schedulerPart(name);
    if (!scheduler.equals(name) && Schedulers.PLACE_THEMSELVES.contains(scheduler)) {
      throw new InputException("scheduler " + scheduler + " places its own tasks, so '" + name
          + "' has no placement to apply; name it alone");
    }
  }

  private void checkScheduler(String name, String preset) {
    if (name.equals(POLICY)) {
      if (policy.isEmpty()) {
        throw new InputException("scheduler dl2 needs a trained policy: none is shipped for " + preset + "; add --policy FILE");
      }
      return;
    }
    if (!plugins.has(name)) {
      checkBaseline(name, plugins.names());
    }
  }

  /** As {@link #check}, before anything is loaded: {@code hasPolicy} says whether a policy will be given. */
  public static void checkName(String name, boolean hasPolicy) {
    PlacedSchedulers.check(name, PlacementPlugins.none());
    checkPlaceable(name);
    name = PlacedSchedulers.schedulerPart(name);
    if (name.equals(POLICY)) {
      if (!hasPolicy) {
        throw new InputException("scheduler dl2 needs a trained policy: add --policy FILE");
      }
      return;
    }
    checkBaseline(name, List.of());
  }

  /**
   * Fails in compare's words unless {@code name} is a warm-up teacher: a baseline, alone or under
   * a built-in placement ({@code optimus@fewest-nodes}), not one that places its own tasks placed.
   */
  public static void checkTeacher(String name) {
    PlacedSchedulers.checkBuiltIn(name);
    checkPlaceable(name);
    Schedulers.baseline(PlacedSchedulers.schedulerPart(name), 0, 0);
  }

  private static void checkBaseline(String name, List<String> pluginNames) {
    try {
      Schedulers.baseline(name, 0, 0);
    } catch (InputException e) {
      throw new InputException(e.getMessage() + ", dl2 (a trained policy)"
          + (pluginNames.isEmpty() ? "; your own with --scheduler-jar JAR" : ", " + String.join(", ", pluginNames)));
    }
  }

  /** A fresh scheduler called {@code name} on a cluster with task cap {@code taskCap}; the name must pass {@link #check}. */
  public Scheduler create(String name, int taskCap, Seeds seeds) {
    return PlacedSchedulers.create(name, part -> createAlone(part, taskCap, seeds), placements, seeds.plugin());
  }

  private Scheduler createAlone(String name, int taskCap, Seeds seeds) {
    if (plugins.has(name)) {
      return plugins.create(name, seeds.plugin());
    }
    if (!name.equals(POLICY)) {
      return Schedulers.baseline(name, optimusError, seeds.optimus());
    }
    return PolicyEvaluation.scheduler(policy.orElseThrow(), taskCap, decoding, seeds.decoding());
  }

  private static List<String> names() {
    List<String> all = new ArrayList<>(Schedulers.NAMES);
    all.add(POLICY);
    return List.copyOf(all);
  }
}
