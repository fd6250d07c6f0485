package dl2.schedulers.registry;

import dl2.registry.Launch;
import dl2.registry.Registry;
import dl2.registry.Trait;
import dl2.schedulers.Drf;
import dl2.schedulers.Fifo;
import dl2.schedulers.Optimus;
import dl2.schedulers.OptimusFitted;
import dl2.schedulers.OptimusRemaining;
import dl2.schedulers.Srtf;
import dl2.schedulers.Tiresias;
import dl2.schedulers.history.HistorySchedulers;
import dl2.schedulers.history.SpeedHistoryRuns;
import dl2.schedulers.lengths.LengthPrior;
import dl2.schedulers.lengths.LengthSchedulers;
import dl2.schedulers.placed.IaGreedy;
import dl2.schedulers.rollout.RolloutPlanner;
import dl2.schedulers.solver.SolverSchedulers;
import dl2.schedulers.tetris.Tetris;
import dl2.schedulers.typed.TypedSchedulers;
import dl2.slot.Scheduler;
import java.util.List;

/**
 * The built-in schedulers, registered by name with their traits, in the order reports list them.
 * The baselines: {@code optimus} knows the speed model (§6.5), {@code optimus-fitted} learns it
 * from observed progress (§6.6), as in the paper's comparison; then the stronger heuristics of
 * docs/heuristics/: {@code optimus-remaining} (Optimus ranking tasks by the fraction of a job's
 * remaining time they save) and {@code tiresias} (least-attained-service, no job lengths or
 * speeds). Then the placement- and interference-aware greedy, which measures everything from
 * observed progress ({@code ia-greedy}) or asks the simulator's world ({@code ia-greedy-oracle}),
 * as {@code optimus-fitted} and {@code optimus} do for speeds; then {@code rollout}, which scores
 * candidate allocations by simulating optimus-remaining in a model with its knowledge. The stronger
 * greedy rules (docs/heuristics/stronger-greedy.md) sit beside the rules they refine: {@code
 * optimus-last-slot} among the baselines, {@code ia-greedy-multistep} and its oracle among the
 * placement-aware greedies. Gavel's LP policies and the Sia-like ILP (dl2.schedulers.solver,
 * docs/heuristics/gavel-and-sia.md) choose each job's GPU type; compare runs them on clusters of
 * several types.
 */
public final class Schedulers {
  public static final String DRF = "drf";
  public static final String FIFO = "fifo";
  public static final String SRTF = "srtf";
  public static final String TETRIS = "tetris";
  public static final String OPTIMUS = "optimus";
  public static final String OPTIMUS_FITTED = "optimus-fitted";
  public static final String OPTIMUS_REMAINING = "optimus-remaining";
  public static final String OPTIMUS_LAST_SLOT = OptimusRemaining.LAST_SLOT_NAME;
  public static final String TIRESIAS = "tiresias";
  public static final String IA_GREEDY = "ia-greedy";
  public static final String IA_GREEDY_ORACLE = "ia-greedy-oracle";
  public static final String IA_GREEDY_MULTISTEP = "ia-greedy-multistep";
  public static final String IA_GREEDY_MULTISTEP_ORACLE = "ia-greedy-multistep-oracle";
  public static final String ROLLOUT = RolloutPlanner.NAME;

  /** Every built-in; Optimus without estimation error. */
  public static final Registry<Scheduler> BUILT_IN = builtIn(0);

  /** Every {@link Trait#BASELINE}, in the order reports list them. */
  public static final List<String> BASELINES = BUILT_IN.names(Trait.BASELINE);

  /** Every scheduler {@link #baseline} knows. */
  public static final List<String> NAMES = BUILT_IN.names();

  private Schedulers() {}

  /**
   * Every built-in; (simulator) Optimus errs by {@code optimusEstimationError}, its signs from the
   * Optimus seed.
   */
  public static Registry<Scheduler> builtIn(double optimusEstimationError) {
    return HistorySchedulers.with(
        LengthSchedulers.with(
            builtInWithoutLengthRules(optimusEstimationError), LengthPrior::standard),
        SpeedHistoryRuns::standard);
  }

  private static Registry<Scheduler> builtInWithoutLengthRules(double optimusEstimationError) {
    return TypedSchedulers.with(
        Registry.<Scheduler>of("scheduler", "--scheduler-jar", Scheduler::name)
            .with(DRF, l -> new Drf(), Trait.BASELINE, Trait.NEEDS_NO_LENGTHS)
            .with(FIFO, l -> new Fifo(), Trait.BASELINE, Trait.NEEDS_NO_LENGTHS)
            .with(SRTF, l -> new Srtf(), Trait.BASELINE)
            .with(TETRIS, l -> new Tetris(), Trait.BASELINE, Trait.PLACES_ITS_OWN_TASKS)
            .with(
                OPTIMUS,
                l -> new Optimus(optimusEstimationError, l.optimusSeed()),
                Trait.BASELINE,
                Trait.ORACLE)
            .with(OPTIMUS_FITTED, l -> new OptimusFitted(), Trait.BASELINE)
            .with(OPTIMUS_REMAINING, l -> new OptimusRemaining(), Trait.BASELINE)
            .with(OPTIMUS_LAST_SLOT, l -> OptimusRemaining.lastSlot(), Trait.BASELINE)
            .with(TIRESIAS, l -> new Tiresias(), Trait.BASELINE, Trait.NEEDS_NO_LENGTHS)
            .with(
                IA_GREEDY,
                l -> IaGreedy.measured(),
                Trait.PLACEMENT_AWARE,
                Trait.PLACES_ITS_OWN_TASKS)
            .with(
                IA_GREEDY_ORACLE,
                l -> IaGreedy.oracle(),
                Trait.PLACEMENT_AWARE,
                Trait.PLACES_ITS_OWN_TASKS,
                Trait.NEEDS_SIMULATOR,
                Trait.ORACLE)
            .with(
                IA_GREEDY_MULTISTEP,
                l -> IaGreedy.measuredMultiStep(IA_GREEDY_MULTISTEP),
                Trait.PLACEMENT_AWARE,
                Trait.PLACES_ITS_OWN_TASKS)
            .with(
                IA_GREEDY_MULTISTEP_ORACLE,
                l -> IaGreedy.oracle(IA_GREEDY_MULTISTEP_ORACLE, IaGreedy.MULTI_STEP),
                Trait.PLACEMENT_AWARE,
                Trait.PLACES_ITS_OWN_TASKS,
                Trait.NEEDS_SIMULATOR,
                Trait.ORACLE)
            .with(ROLLOUT, l -> new RolloutPlanner(), Trait.PLANNER)
            .with(
                SolverSchedulers.GAVEL_MAX_MIN,
                l -> SolverSchedulers.gavelMaxMin(),
                Trait.GPU_TYPE_AWARE,
                Trait.PLACES_ITS_OWN_TASKS,
                Trait.NEEDS_NO_LENGTHS)
            .with(
                SolverSchedulers.GAVEL_MIN_JCT,
                l -> SolverSchedulers.gavelMinJct(),
                Trait.GPU_TYPE_AWARE,
                Trait.PLACES_ITS_OWN_TASKS)
            .with(
                SolverSchedulers.GAVEL_MAX_MIN_ORACLE,
                l -> SolverSchedulers.gavelMaxMinOracle(),
                Trait.GPU_TYPE_AWARE,
                Trait.PLACES_ITS_OWN_TASKS,
                Trait.ORACLE,
                Trait.NEEDS_NO_LENGTHS)
            .with(
                SolverSchedulers.GAVEL_MIN_JCT_ORACLE,
                l -> SolverSchedulers.gavelMinJctOracle(),
                Trait.GPU_TYPE_AWARE,
                Trait.PLACES_ITS_OWN_TASKS,
                Trait.ORACLE)
            .with(
                SolverSchedulers.SIA_ORACLE,
                l -> SolverSchedulers.siaOracle(),
                Trait.GPU_TYPE_AWARE,
                Trait.PLACES_ITS_OWN_TASKS,
                Trait.ORACLE,
                Trait.NEEDS_NO_LENGTHS));
  }

  /**
   * A fresh built-in called {@code name}. {@code optimusEstimationError} applies to (simulator)
   * Optimus only; {@code seed} drives its estimation-error signs.
   */
  public static Scheduler baseline(String name, double optimusEstimationError, long seed) {
    return builtIn(optimusEstimationError).create(name, new Launch(0, seed, 0, 0));
  }

  public static Scheduler baseline(String name) {
    return baseline(name, 0, 0);
  }
}
