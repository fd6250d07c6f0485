package dl2.training;

import dl2.evaluation.SchedulerCatalog;
import dl2.io.InputException;
import dl2.learning.env.MarginalValue;
import dl2.learning.env.RunPlacement;
import dl2.learning.env.RewardMode;
import dl2.learning.file.PolicySettings;
import dl2.learning.onpolicy.Objective;
import dl2.learning.onpolicy.OnPolicyConfig;
import dl2.learning.rl.Baseline;
import dl2.learning.rl.ExtraTraces;
import dl2.learning.rl.GradientForm;
import dl2.learning.rl.ReturnMode;
import dl2.learning.rl.RlConfig;
import dl2.learning.rl.TrainingRecipe;
import dl2.learning.rl.UpdateSettings;
import dl2.learning.rl.explore.ExplorationMode;
import dl2.learning.sl.SupervisedConfig;
import dl2.placement.PlacedSchedulers;
import dl2.schedulers.Schedulers;
import dl2.simulation.SimulatedClusters;
import dl2.slot.SchedulerName;
import dl2.workload.Preset;
import dl2.workload.TraceSets;

/**
 * Every knob of a DL2 training run ({@code dl2 train}), in one place: what the command line sets,
 * with its default, the {@link TrainingRecipe}'s where the recipe decides. Built with
 * {@link #builder(Preset, TrainingRecipe)}; written into the run directory ({@link TrainConfigFile}).
 *
 * @param preset the workload and cluster trained on (default paper-large)
 * @param seed the base seed of traces, weights, sampling and exploration (9973)
 * @param recipe where the defaults come from (observed: everything learnt from what a cluster observes)
 * @param policy the network, state encoding and window (the recipe's on the preset)
 * @param agents K agents, each with its own simulator, training traces and replay (1)
 * @param steps reinforcement-learning learner steps (the recipe's: observed 4000, paper 2000)
 * @param warmUpSteps supervised warm-up steps, 0 for none (the recipe's: observed 0, paper 600)
 * @param teacher the warm-up's teacher: a baseline, alone or {@code SCHEDULER@PLACEMENT}; one named alone
 *     runs under {@code placement}, as compare names it (drf)
 * @param placement where DL2's tasks go in the warm-up's teacher runs, the RL episodes, validation and
 *     the test summary: a built-in placement; DL2 decides how many tasks, it decides where (least-loaded)
 * @param bundleLabels label the teacher's bundles as bundles, not worker-then-PS pairs (off)
 * @param dropUnlabelled drop warm-up samples of jobs outside the window (off)
 * @param shuffleColumns shuffle the warm-up's window columns (on)
 * @param slotStartBundle the teacher's slots start from RL's 1/1 slot start (off)
 * @param stopLabels label the teacher's final state of each slot "stop" (off)
 * @param learningRate Adam's step for both networks (the recipe's: observed 1e-3, paper 1e-4)
 * @param batchSize samples per learner step, split over the agents (256)
 * @param replayCapacity replay capacity per agent; 256 is the no-replay ablation (8192)
 * @param replay prioritised or plain experience replay (prioritised)
 * @param exploration the job-aware exploration rules (the recipe's: observed none, paper original)
 * @param returns immediate (γ = 0) or discounted returns (immediate)
 * @param discount γ of discounted returns (0.9)
 * @param baseline the advantage's baseline (critic)
 * @param entropy the entropy bonus β (the recipe's: observed 0.001, paper 0.1)
 * @param annealEntropy β = max(20/(1+e^(step/500)), 0.1) instead of a constant (off)
 * @param reward what decisions are rewarded with (the recipe's: observed observed-marginals, paper slot)
 * @param marginalValue the unit of the marginal rewards (the recipe's for a marginal reward: time-per-task; else work)
 * @param synchronous average the agents' gradients every step, reproducibly; off applies them on arrival (on)
 * @param trainingTraces generated training traces per agent (100)
 * @param validateEvery steps between validations and checkpoints (a tenth of the steps, at most 200)
 * @param validationTraces validation traces that pick the best checkpoint; also the test summary's count (10)
 * @param threads threads for agents, kernels and validation; results do not depend on it (the processors)
 * @param extraTraces trace files trained and validated on besides the generated ones (none)
 * @param objective what RL optimises: marginal (actor-critic on the reward above) or jct (on-policy, total JCT) (marginal)
 * @param onPolicy the jct objective's rollouts, curriculum and clipped update ({@link OnPolicySettings#DEFAULTS})
 */
public record TrainConfig(Preset preset, long seed, TrainingRecipe recipe, PolicySettings policy, int agents, int steps,
    int warmUpSteps, String teacher, String placement, boolean bundleLabels, boolean dropUnlabelled, boolean shuffleColumns,
    boolean slotStartBundle, boolean stopLabels, double learningRate, int batchSize, int replayCapacity,
    RlConfig.ReplayKind replay, ExplorationMode exploration, ReturnMode returns, double discount, Baseline baseline,
    double entropy, boolean annealEntropy, RewardMode reward, MarginalValue marginalValue, boolean synchronous,
    int trainingTraces, int validateEvery, int validationTraces, int threads, ExtraTraces extraTraces, Objective objective,
    OnPolicySettings onPolicy) {
  /** The most agents a run may have: each keeps its own simulator and replay in memory. */
  public static final int MAX_AGENTS = 256;
  /** The largest replay per agent. */
  public static final int MAX_REPLAY = 1 << 20;

  /** Checks what the command line can get wrong, in its words (the flags' names). */
  public TrainConfig {
    if (!SchedulerName.isDefault(placement)) {
      SchedulerCatalog.checkPolicyPlacement(placement);
      if (policy.encoding().placesItsOwnTasks()) {
        throw new InputException("--placement " + placement + " and --encoding placed: a placed policy chooses the kind of "
            + "node of every task itself; leave out one of them");
      }
    }
    SchedulerCatalog.checkTeacher(teacher);
    if (agents < 1 || steps < 1 || warmUpSteps < 0 || replayCapacity < 1 || !(learningRate > 0) || !(entropy >= 0)
        || Double.isInfinite(learningRate) || Double.isInfinite(entropy)) {
      throw new InputException("--agents, --steps, --replay-size and --lr must be positive; --sl-steps and --entropy ≥ 0");
    }
    if (agents > MAX_AGENTS || replayCapacity > MAX_REPLAY) {
      throw new InputException("--agents must be at most " + MAX_AGENTS + " and --replay-size at most " + MAX_REPLAY
          + " (each agent keeps its own simulator and replay in memory)");
    }
    if (reward.perDecision() && returns != ReturnMode.IMMEDIATE) {
      throw new InputException("--reward " + reward.cliName() + " needs --returns immediate");
    }
    if (marginalValue != MarginalValue.WORK && !reward.perDecision()) {
      throw new InputException("--marginal-value applies to the marginal rewards only, not --reward " + reward.cliName());
    }
  }

  /** The preset's simulated clusters. */
  public SimulatedClusters clusters() {
    return SimulatedClusters.of(preset);
  }

  /** Where the run's tasks go: every scheduler it plays runs under {@link #placement} (the slot's own rule for least-loaded). */
  public RunPlacement runPlacement() {
    return new RunPlacement(placement);
  }

  /** A builder with every default: the recipe's where it has one. */
  public static Builder builder(Preset preset, TrainingRecipe recipe) {
    return new Builder(preset, recipe);
  }

  /** The reinforcement-learning phase's settings. */
  public RlConfig rl() {
    UpdateSettings update = new UpdateSettings(returns, discount, baseline, entropy, GradientForm.RECOMPUTED);
    return new RlConfig(preset, seed, agents, steps, learningRate, batchSize, replayCapacity, replay, exploration, update,
        reward, annealEntropy, synchronous, trainingTraces, validateEvery, validationTraces, threads, marginalValue, extraTraces);
  }

  /** The jct objective's settings: {@link #steps} iterations of {@link #onPolicy}'s rollouts and updates. */
  public OnPolicyConfig jct() {
    return new OnPolicyConfig(preset, seed, steps, onPolicy.rollouts(), onPolicy.horizon(), onPolicy.horizonGrowth(),
        onPolicy.clip(), onPolicy.epochs(), onPolicy.minibatch(), onPolicy.samples(), learningRate, entropy, trainingTraces,
        validateEvery, validationTraces, threads);
  }

  /** The reward's name as policy files and summaries record it. */
  public String rewardName() {
    return objective == Objective.JCT ? OnPolicyConfig.REWARD : rl().rewardName();
  }

  /** The supervised warm-up's settings (only run when {@link #warmUpSteps} is positive). */
  public SupervisedConfig warmUp() {
    SupervisedConfig defaults = SupervisedConfig.defaults(preset, teacher, warmUpSteps, seed);
    return defaults.withLabels(defaults.splitBundles() && !bundleLabels, dropUnlabelled, shuffleColumns)
        .withSlotAlignment(slotStartBundle, stopLabels).withPolicy(policy).withThreads(threads);
  }

  /** Named settings on top of the defaults; {@link #build} checks them. */
  public static final class Builder {
    private final Preset preset;
    private final TrainingRecipe recipe;
    private long seed = TraceSets.DEFAULT_BASE_SEED;
    private PolicySettings policy;
    private int agents = 1;
    private Integer steps;
    private Integer warmUpSteps;
    private String teacher = Schedulers.DRF;
    private String placement = SchedulerName.DEFAULT_PLACEMENT;
    private boolean bundleLabels;
    private boolean dropUnlabelled;
    private boolean shuffleColumns = true;
    private boolean slotStartBundle;
    private boolean stopLabels;
    private Double learningRate;
    private int batchSize = 256;
    private int replayCapacity = 8192;
    private RlConfig.ReplayKind replay = RlConfig.ReplayKind.PRIORITISED;
    private ExplorationMode exploration;
    private ReturnMode returns = ReturnMode.IMMEDIATE;
    private double discount = 0.9;
    private Baseline baseline = Baseline.CRITIC;
    private Double entropy;
    private boolean annealEntropy;
    private RewardMode reward;
    private MarginalValue marginalValue;
    private boolean synchronous = true;
    private int trainingTraces = 100;
    private Integer validateEvery;
    private int validationTraces = 10;
    private int threads = Runtime.getRuntime().availableProcessors();
    private ExtraTraces extraTraces = ExtraTraces.NONE;
    private Objective objective = Objective.MARGINAL;
    private OnPolicySettings onPolicy = OnPolicySettings.DEFAULTS;

    private Builder(Preset preset, TrainingRecipe recipe) {
      this.preset = preset;
      this.recipe = recipe;
      this.policy = recipe.policy(preset);
    }

    public Builder seed(long value) {
      seed = value;
      return this;
    }

    public Builder policy(PolicySettings value) {
      policy = value;
      return this;
    }

    public Builder agents(int value) {
      agents = value;
      return this;
    }

    /** RL steps; null keeps the recipe's. */
    public Builder steps(Integer value) {
      steps = value;
      return this;
    }

    /** Warm-up steps; null keeps the recipe's. */
    public Builder warmUpSteps(Integer value) {
      warmUpSteps = value;
      return this;
    }

    public Builder teacher(String value) {
      teacher = value;
      return this;
    }

    /** Where DL2's tasks go; null keeps least-loaded. */
    public Builder placement(String value) {
      placement = value != null ? value : SchedulerName.DEFAULT_PLACEMENT;
      return this;
    }

    /** How the teacher's decisions become samples. */
    public Builder labels(boolean bundles, boolean dropOutsideWindow, boolean shuffle, boolean slotStart, boolean stop) {
      bundleLabels = bundles;
      dropUnlabelled = dropOutsideWindow;
      shuffleColumns = shuffle;
      slotStartBundle = slotStart;
      stopLabels = stop;
      return this;
    }

    /** Adam's step; null keeps the recipe's. */
    public Builder learningRate(Double value) {
      learningRate = value;
      return this;
    }

    public Builder replay(RlConfig.ReplayKind kind, int capacity) {
      replay = kind;
      replayCapacity = capacity;
      return this;
    }

    /** The exploration rules; null keeps the recipe's. */
    public Builder exploration(ExplorationMode value) {
      exploration = value;
      return this;
    }

    public Builder returns(ReturnMode value) {
      returns = value;
      return this;
    }

    public Builder baseline(Baseline value) {
      baseline = value;
      return this;
    }

    /** β; null keeps the recipe's. */
    public Builder entropy(Double value, boolean anneal) {
      entropy = value;
      annealEntropy = anneal;
      return this;
    }

    /** The reward and the marginal rewards' unit; a null keeps the recipe's. */
    public Builder reward(RewardMode mode, MarginalValue value) {
      reward = mode;
      marginalValue = value;
      return this;
    }

    public Builder synchronous(boolean value) {
      synchronous = value;
      return this;
    }

    /** Steps between validations (null: a tenth of the steps, at most 200) and the validation traces. */
    public Builder validation(Integer every, int traces) {
      validateEvery = every;
      validationTraces = traces;
      return this;
    }

    public Builder threads(int value) {
      threads = value;
      return this;
    }

    public Builder extraTraces(ExtraTraces value) {
      extraTraces = value;
      return this;
    }

    public Builder objective(Objective value, OnPolicySettings settings) {
      objective = value;
      onPolicy = settings;
      return this;
    }

    public TrainConfig build() {
      int rlSteps = steps != null ? steps : recipe.steps();
      RewardMode rewardMode = reward != null ? reward : recipe.reward();
      MarginalValue unit = marginalValue != null ? marginalValue
          : rewardMode.perDecision() ? recipe.marginalValue() : MarginalValue.WORK;
      int every = validateEvery != null ? validateEvery : Math.max(1, Math.min(200, rlSteps / 10));
      return new TrainConfig(preset, seed, recipe, policy, agents, rlSteps, warmUpSteps != null ? warmUpSteps : recipe.slSteps(),
          PlacedSchedulers.namedUnlessPlaced(teacher, placement).toString(), placement,
          bundleLabels, dropUnlabelled, shuffleColumns, slotStartBundle, stopLabels,
          learningRate != null ? learningRate : recipe.learningRate(), batchSize, replayCapacity, replay,
          exploration != null ? exploration : recipe.exploration(), returns, discount, baseline,
          entropy != null ? entropy : recipe.entropy(), annealEntropy, rewardMode, unit, synchronous, trainingTraces, every,
          validationTraces, threads, extraTraces, objective, onPolicy);
    }
  }
}
