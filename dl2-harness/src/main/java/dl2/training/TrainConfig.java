package dl2.training;

import dl2.evaluation.SchedulerCatalog;
import dl2.io.InputException;
import dl2.learning.env.RunPlacement;
import dl2.learning.file.PolicySettings;
import dl2.learning.onpolicy.OnPolicyConfig;
import dl2.learning.rl.ActorCritic;
import dl2.learning.rl.Jct;
import dl2.learning.rl.Objective;
import dl2.learning.rl.RlConfig;
import dl2.learning.rl.TrainingRecipe;
import dl2.learning.run.RunBudget;
import dl2.learning.sl.Labels;
import dl2.learning.sl.SupervisedConfig;
import dl2.placement.PlacedSchedulers;
import dl2.simulation.SimulatedClusters;
import dl2.simulation.SimulationConfig;
import dl2.slot.SchedulerName;
import dl2.speed.FittedOptimusSpeed;
import dl2.speed.SpeedModel;

/**
 * Every knob of a DL2 training run ({@code dl2 train}, and every study's runs), as a tree: the
 * budget every phase shares, the policy, the warm-up, the objective with its own knobs, and the
 * placement. Each default is declared once, in the record that holds it or in the recipe; {@link
 * #of} takes them all. Written into the run directory ({@link TrainConfigFile}).
 *
 * @param recipe where the defaults came from (observed: everything learnt from what a cluster
 *     observes)
 * @param budget the preset, seed, RL steps, validation, training traces and threads
 * @param policy the network, state encoding and window
 * @param warmUp the supervised warm-up (none: 0 steps)
 * @param objective what RL optimises: actor-critic on a reward, or on-policy on total JCT, with its
 *     knobs
 * @param placement (null: least-loaded) where DL2's tasks go in the warm-up's teacher runs, the RL
 *     episodes, validation and the test summary: a built-in placement ({@link #runPlacement}); DL2
 *     decides how many tasks, it decides where
 */
public record TrainConfig(
    TrainingRecipe recipe,
    RunBudget budget,
    PolicySettings policy,
    WarmUp warmUp,
    Objective objective,
    String placement) {
  /** The most agents a run may have: each keeps its own simulator and replay in memory. */
  public static final int MAX_AGENTS = 256;

  /** The largest replay per agent. */
  public static final int MAX_REPLAY = 1 << 20;

  /** RL validates every tenth of its steps, at most this often apart. */
  public static final int VALIDATE_EVERY_AT_MOST = 200;

  /**
   * Checks what only the whole tree can get wrong, in the command line's words; a teacher named
   * alone runs under the placement, as compare names it.
   */
  public TrainConfig {
    placement = placement != null ? placement : SchedulerName.DEFAULT_PLACEMENT;
    if (!SchedulerName.isDefault(placement)) {
      SchedulerCatalog.checkPolicyPlacement(placement);
      if (policy.encoding().placesItsOwnTasks()) {
        throw new InputException(
            "--placement "
                + placement
                + " and --encoding placed: a placed policy chooses the kind of "
                + "node of every task itself; leave out one of them");
      }
    }
    if (objective instanceof ActorCritic ac
        && ac.reward().creditsPlacement()
        && !policy.encoding().placesItsOwnTasks()) {
      throw new InputException(
          "--reward "
              + ac.reward().cliName()
              + " values where each action puts its task, which only --encoding placed chooses: "
              + "--encoding "
              + policy.encoding().name().toLowerCase(java.util.Locale.ROOT));
    }
    warmUp =
        warmUp.withTeacher(
            PlacedSchedulers.namedUnlessPlaced(warmUp.teacher(), placement).toString());
    SchedulerCatalog.checkTeacher(warmUp.teacher(), budget.lengths());
  }

  /**
   * The recipe's run on {@code budget}: its policy, warm-up and actor-critic knobs, tasks placed
   * least-loaded.
   */
  public static TrainConfig of(TrainingRecipe recipe, RunBudget budget) {
    return new TrainConfig(
        recipe,
        budget,
        recipe.policy(budget.preset()),
        WarmUp.of(recipe.slSteps(), WarmUp.TEACHER, Labels.DEFAULTS),
        ActorCritic.of(recipe),
        SchedulerName.DEFAULT_PLACEMENT);
  }

  public TrainConfig withBudget(RunBudget value) {
    return new TrainConfig(recipe, value, policy, warmUp, objective, placement);
  }

  public TrainConfig withPolicy(PolicySettings value) {
    return new TrainConfig(recipe, budget, value, warmUp, objective, placement);
  }

  public TrainConfig withWarmUp(WarmUp value) {
    return new TrainConfig(recipe, budget, policy, value, objective, placement);
  }

  public TrainConfig withObjective(Objective value) {
    return new TrainConfig(recipe, budget, policy, warmUp, value, placement);
  }

  /** Tasks placed by {@code value} (null: least-loaded). */
  public TrainConfig withPlacement(String value) {
    return new TrainConfig(recipe, budget, policy, warmUp, objective, value);
  }

  /** The preset's simulated clusters with the default speed model. */
  public SimulatedClusters clusters() {
    return clusters(FittedOptimusSpeed.INSTANCE);
  }

  /**
   * The preset's simulated clusters with {@code speed} (the default one, or another for the
   * episodes of OfflineRL).
   */
  public SimulatedClusters clusters(SpeedModel speed) {
    return SimulatedClusters.of(SimulationConfig.of(budget.preset()), speed);
  }

  /**
   * Where the run's tasks go: every scheduler it plays runs under {@link #placement} (the slot's
   * own rule for least-loaded).
   */
  public RunPlacement runPlacement() {
    return new RunPlacement(placement);
  }

  /** The actor-critic phase's settings; only for that objective. */
  public RlConfig rl() {
    return new RlConfig(budget, (ActorCritic) objective);
  }

  /** The jct objective's settings: {@link RunBudget#steps} iterations; only for that objective. */
  public OnPolicyConfig jct() {
    return new OnPolicyConfig(budget, (Jct) objective);
  }

  /** Agents training side by side: the actor-critic's, one for the jct objective. */
  public int agents() {
    return objective instanceof ActorCritic a ? a.agents() : 1;
  }

  /**
   * The supervised warm-up's settings (only run when it has steps): the run's seed, threads and
   * policy.
   */
  public SupervisedConfig supervised() {
    RunBudget warmUpBudget =
        new RunBudget(
            budget.preset(),
            budget.seed(),
            warmUp.steps(),
            warmUp.validateEvery(),
            warmUp.validationTraces(),
            budget.trainingTraces(),
            budget.threads(),
            budget.lengths());
    return SupervisedConfig.of(warmUpBudget, warmUp.teacher(), policy).withLabels(warmUp.labels());
  }
}
