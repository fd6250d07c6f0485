package dl2.evaluation;

import dl2.io.InputException;
import dl2.learning.file.PolicyEvaluation;
import dl2.learning.file.PolicyFile;
import dl2.learning.policy.Decoding;
import dl2.lengths.LengthBelief;
import dl2.lengths.LengthPosterior;
import dl2.placement.PlacedSchedulers;
import dl2.placement.PlacementPlugin;
import dl2.placement.Placements;
import dl2.registry.Launch;
import dl2.registry.Registry;
import dl2.registry.Trait;
import dl2.schedulers.SchedulerPlugin;
import dl2.schedulers.history.HistorySchedulers;
import dl2.schedulers.history.SpeedHistoryRuns;
import dl2.schedulers.lengths.LengthPrior;
import dl2.schedulers.lengths.LengthSchedulers;
import dl2.schedulers.registry.Schedulers;
import dl2.slot.Placement;
import dl2.slot.Scheduler;
import dl2.slot.SchedulerName;
import dl2.speed.SpeedModel;
import dl2.workload.LengthError;
import dl2.workload.LengthKnowledge;
import dl2.workload.LengthSetting;
import dl2.workload.Preset;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Every scheduler a command can name, resolved in one place: one registry of the baselines, then
 * {@code dl2}, the trained policy, then your plug-ins (a jar's {@code SchedulerPlugin}); a name
 * {@code SCHEDULER@PLACEMENT} runs that scheduler with that placement (a built-in or a placement
 * plug-in, from a registry of placements). Help texts list {@link #NAMES}, and every run, simulated
 * or live, gets its scheduler from {@link #create}.
 */
public final class SchedulerCatalog {
  /** The name of the learned scheduler, which runs a policy file. */
  public static final String POLICY = PolicyEvaluation.NAME;

  /** The built-in catalogue: the baselines and dl2, without a policy or plug-ins. */
  private static final SchedulerCatalog BUILT_IN = baselines(0);

  /** The built-in names, in the order reports list them: the baselines, then dl2. */
  public static final List<String> NAMES = BUILT_IN.schedulers.names();

  private final Registry<Scheduler> schedulers;
  private final Registry<Placement> placements;
  private final Optional<PolicyFile> policy;
  private final Decoding mode;

  /** What dl2's state believes of lengths: empty, each job's own E (exact lengths). */
  private final Optional<Supplier<LengthPosterior>> lengths;

  private SchedulerCatalog(
      Registry<Scheduler> schedulers,
      Registry<Placement> placements,
      Optional<PolicyFile> policy,
      Decoding mode,
      Optional<Supplier<LengthPosterior>> lengths) {
    this.schedulers = withPolicy(schedulers, policy, mode, lengths);
    this.placements = placements;
    this.policy = policy;
    this.mode = mode;
    this.lengths = lengths;
  }

  /** The baselines alone, with Optimus' estimation error {@code optimusError}. */
  public static SchedulerCatalog baselines(double optimusError) {
    return new SchedulerCatalog(
        Schedulers.builtIn(optimusError),
        Placements.BUILT_IN,
        Optional.empty(),
        Decoding.GREEDY,
        Optional.empty());
  }

  /**
   * dl2 runs {@code trained}, its state reading each job's own E (exact lengths) or, under
   * estimated and unknown lengths, the posterior expected total length (docs/job-lengths.md).
   */
  private static Registry<Scheduler> withPolicy(
      Registry<Scheduler> schedulers,
      Optional<PolicyFile> trained,
      Decoding mode,
      Optional<Supplier<LengthPosterior>> lengths) {
    return schedulers.with(
        POLICY,
        "a trained policy",
        launch ->
            PolicyEvaluation.scheduler(
                trained.orElseThrow(),
                launch.taskCap(),
                mode,
                launch.decodingSeed(),
                lengths.map(p -> LengthBelief.posterior(p.get())).orElse(LengthBelief.AS_GIVEN),
                rule -> schedulers.create(rule, launch)));
  }

  /** The same catalogue with {@code trained} as dl2, decoded as {@code mode}. */
  public SchedulerCatalog withPolicy(Optional<PolicyFile> trained, Decoding mode) {
    return new SchedulerCatalog(schedulers, placements, trained, mode, lengths);
  }

  /**
   * The same catalogue with the scheduler plug-ins of {@code jars} and the class path under their
   * names.
   */
  public SchedulerCatalog withPlugins(List<Path> jars) {
    return new SchedulerCatalog(
        schedulers.withPlugins(SchedulerPlugin.class, jars), placements, policy, mode, lengths);
  }

  /**
   * The same catalogue with the placement plug-ins of {@code jars} and the class path under their
   * names.
   */
  public SchedulerCatalog withPlacements(List<Path> jars) {
    return new SchedulerCatalog(
        schedulers, placements.withPlugins(PlacementPlugin.class, jars), policy, mode, lengths);
  }

  /**
   * The same catalogue whose length-aware baselines learn their prior from {@code preset}'s
   * training traces (once, on first use) and weigh estimates by {@code setting}'s error model;
   * unless lengths are exact, dl2's state believes the same posterior. {@code
   * ia-greedy-multistep-history} records its history on the same training traces.
   */
  public SchedulerCatalog withLengthPrior(
      Preset preset, SpeedModel speed, long baseSeed, LengthSetting setting) {
    LengthError error = setting.priorError();
    Supplier<LengthPrior> prior =
        new Supplier<>() {
          private LengthPrior made;

          @Override
          public synchronized LengthPrior get() {
            if (made == null) {
              made = LengthPrior.ofPreset(preset, speed, baseSeed, error);
            }
            return made;
          }
        };
    Optional<Supplier<LengthPosterior>> believed =
        setting.exact() ? Optional.empty() : Optional.of(() -> prior.get().posterior());
    Registry<Scheduler> withPriors =
        HistorySchedulers.with(
            LengthSchedulers.with(schedulers, prior),
            SpeedHistoryRuns.lazily(preset, speed, baseSeed));
    return new SchedulerCatalog(withPriors, placements, policy, mode, believed);
  }

  /**
   * Fails with a one-line InputException unless {@code name} runs without job lengths ({@code
   * --lengths unknown}): a built-in that reads none, or a plug-in of yours.
   */
  public void checkWithoutLengths(String name) {
    String scheduler = SchedulerName.parse(name).scheduler();
    if (schedulers.is(scheduler, Trait.NEEDS_NO_LENGTHS)
        || schedulers.plugInNames().contains(scheduler)
        || (scheduler.equals(POLICY) && lengths.isPresent())) {
      return;
    }
    throw new InputException(
        "scheduler '"
            + name
            + "' "
            + (scheduler.equals(POLICY)
                ? "(the trained policy) reads job lengths in its state"
                : "needs job lengths")
            + ", which --lengths unknown hides; use --lengths estimated, or one that needs none: "
            + String.join(", ", schedulers.names(Trait.NEEDS_NO_LENGTHS)));
  }

  /** Whether {@code name} (placed or not) is a built-in registered with {@code trait}. */
  public boolean is(String name, Trait trait) {
    return schedulers.is(SchedulerName.parse(name).scheduler(), trait);
  }

  /** The plug-ins' scheduler names, alphabetically. */
  public List<String> pluginNames() {
    return schedulers.plugInNames();
  }

  public Optional<PolicyFile> policy() {
    return policy;
  }

  /**
   * Fails with an InputException listing the valid names if {@code name} is not a scheduler here.
   */
  public void check(String name, String preset) {
    check(
        SchedulerName.parse(name),
        policy.isPresent(),
        "none is shipped for " + preset + "; add --policy FILE");
  }

  /**
   * As {@link #check}, before anything is loaded: {@code hasPolicy} says whether a policy will be
   * given.
   */
  public static void checkName(String name, boolean hasPolicy) {
    BUILT_IN.check(SchedulerName.parse(name), hasPolicy, "add --policy FILE");
  }

  private void check(SchedulerName name, boolean hasPolicy, String noPolicy) {
    PlacedSchedulers.checkRunnable(name, placements);
    PlacedSchedulers.checkPlaceable(name, schedulers);
    schedulers.require(name.scheduler(), "", true);
    if (name.scheduler().equals(POLICY) && !hasPolicy) {
      throw new InputException("scheduler dl2 needs a trained policy: " + noPolicy);
    }
  }

  /**
   * Fails in compare's words unless {@code name} is a warm-up teacher: a baseline, alone or under a
   * built-in placement ({@code optimus@fewest-nodes}), not one that places its own tasks placed.
   */
  public static void checkTeacher(String name) {
    SchedulerName teacher = SchedulerName.parse(name);
    PlacedSchedulers.checkPlacement(teacher, Placements.BUILT_IN, false);
    PlacedSchedulers.checkPlaceable(teacher, Schedulers.BUILT_IN);
    Schedulers.BUILT_IN.require(teacher.scheduler());
  }

  /**
   * As {@link #checkTeacher(String)}, for a run whose schedulers know lengths as {@code lengths}:
   * under unknown lengths the teacher must read none.
   */
  public static void checkTeacher(String name, LengthSetting lengths) {
    checkTeacher(name);
    String scheduler = SchedulerName.parse(name).scheduler();
    if (lengths.knowledge() == LengthKnowledge.UNKNOWN
        && !Schedulers.BUILT_IN.is(scheduler, Trait.NEEDS_NO_LENGTHS)) {
      throw new InputException(
          "--teacher "
              + name
              + " needs job lengths, which --lengths unknown hides; teach with one that needs none: "
              + String.join(", ", Schedulers.BUILT_IN.names(Trait.NEEDS_NO_LENGTHS)));
    }
  }

  /**
   * Fails in compare's words unless dl2 may train and run under {@code placement}: a built-in one.
   */
  public static void checkPolicyPlacement(String placement) {
    PlacedSchedulers.checkPlacement(
        SchedulerName.of(POLICY).withPlacement(placement), Placements.BUILT_IN, false);
  }

  /**
   * Whether {@code name} (placed or not) asks the simulator's world, which no emulated or live
   * cluster has.
   */
  public static boolean needsSimulator(SchedulerName name) {
    return BUILT_IN.schedulers.is(name.scheduler(), Trait.NEEDS_SIMULATOR);
  }

  /**
   * A fresh scheduler called {@code name} for {@code launch}; the name must pass {@link #check}.
   */
  public Scheduler create(String name, Launch launch) {
    return PlacedSchedulers.create(SchedulerName.parse(name), schedulers, placements, launch);
  }
}
