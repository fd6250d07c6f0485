package dl2.experiment;

import dl2.learning.file.PolicyFile;
import dl2.learning.rl.TrainingRecipe;
import dl2.model.Trace;
import dl2.placement.PlacedSchedulers;
import dl2.slot.SchedulerName;
import dl2.workload.LengthKnowledge;
import dl2.workload.Preset;
import dl2.workload.TraceSet;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * What every study runs with: the preset, seed, threads, validation traces and training budget, its
 * evaluations, and the training runs themselves ({@link StudyRuns}), trained once per invocation,
 * so studies that share a run (the recipe run is every ablation's reference) train it once. Every
 * evaluation, training run and warm-up is a work unit ({@link WorkUnit}) done by the context's
 * {@link WorkUnits}: here, in a shard, or at a merge. A study asks for its units under its
 * placement ({@link Study#placement}): every scheduler runs under it, DL2 trains, validates and is
 * tested under it, and its runs are {@code LABEL@PLACEMENT-PRESET}.
 */
public final class StudyContext implements Evaluator.Gate {
  private final Preset preset;
  private final long seed;
  private final int threads;
  private final int validationTraces;
  private final Budget budget;
  private final StudyProgress progress;
  private final Function<String, Optional<PolicyFile>> shippedPolicies;
  private final Path sharedTraces;
  private final StudyRuns runs;
  private final WorkUnits units;

  /** The study asking for units now, and how many evaluations it asked for so far (their keys). */
  private Study study;

  private int evaluations;

  /** The placement of {@link #study}: where every scheduler's tasks go. */
  private String placement = SchedulerName.DEFAULT_PLACEMENT;

  /**
   * @param shippedPolicies the policy shipped for a preset name, if any (used where a study only
   *     evaluates DL2; it is trained with the recipe otherwise)
   * @param sharedTraces the folder of public traces ({@code ../shared/traces}) for real-trace
   *     studies
   */
  public StudyContext(
      Preset preset,
      long seed,
      int threads,
      int validationTraces,
      Budget budget,
      Path workDir,
      StudyProgress progress,
      Function<String, Optional<PolicyFile>> shippedPolicies,
      Path sharedTraces) {
    this(
        preset,
        seed,
        threads,
        validationTraces,
        budget,
        workDir,
        progress,
        shippedPolicies,
        sharedTraces,
        WorkUnits.LOCAL);
  }

  private StudyContext(
      Preset preset,
      long seed,
      int threads,
      int validationTraces,
      Budget budget,
      Path workDir,
      StudyProgress progress,
      Function<String, Optional<PolicyFile>> shippedPolicies,
      Path sharedTraces,
      WorkUnits units) {
    this.units = units;
    this.sharedTraces = sharedTraces;
    this.preset = preset;
    this.seed = seed;
    this.threads = threads;
    this.validationTraces = validationTraces;
    this.budget = budget;
    this.progress = progress;
    this.shippedPolicies = shippedPolicies;
    this.runs = new StudyRuns(this, workDir, progress);
  }

  /**
   * The same settings with fresh runs, whose units {@code units} does, training into {@code
   * workDir}.
   */
  StudyContext with(WorkUnits units, Path workDir, StudyProgress progress) {
    return new StudyContext(
        preset,
        seed,
        threads,
        validationTraces,
        budget,
        workDir,
        progress,
        shippedPolicies,
        sharedTraces,
        units);
  }

  /**
   * {@code next} asks for the units from now on; its evaluations are keyed by its name and their
   * order.
   */
  void beginStudy(Study next) {
    this.study = next;
    this.evaluations = 0;
    this.placement = next.placement();
  }

  /**
   * {@code scheduler} as the study's tables name it: alone, or {@code SCHEDULER@PLACEMENT} under
   * the study's placement.
   */
  public String named(String scheduler) {
    return PlacedSchedulers.named(scheduler, placement).toString();
  }

  /** The placement of the study asking for units now. */
  String placement() {
    return placement;
  }

  /**
   * The placement in the units' descriptions; nothing for the default, whose descriptions are as
   * before.
   */
  String placedBy() {
    return SchedulerName.isDefault(placement) ? "" : ", tasks placed by " + placement;
  }

  @Override
  public <T> T evaluation(
      String what, double cost, List<PolicyFile> inputs, UnitCodec<T> codec, Supplier<T> compute) {
    String key = (study == null ? "experiment" : study.name()) + "/" + evaluations++;
    return unit(key, what, cost, inputs, codec, compute);
  }

  /** Work unit {@code key} of the study asking now, done by the context's {@link WorkUnits}. */
  <T> T unit(
      String key,
      String what,
      double cost,
      List<PolicyFile> inputs,
      UnitCodec<T> codec,
      Supplier<T> compute) {
    return units.run(
        new WorkUnit<>(key, what, cost, inputs, codec, study != null && !study.shardable()),
        compute);
  }

  public Preset preset() {
    return preset;
  }

  public long seed() {
    return seed;
  }

  public Budget budget() {
    return budget;
  }

  public boolean quick() {
    return budget.quick();
  }

  public int validationTraces() {
    return validationTraces;
  }

  /** The folder of public traces ({@code --traces}). */
  public Path sharedTraces() {
    return sharedTraces;
  }

  public int threads() {
    return threads;
  }

  /** Where a study reports its long phases (never part of the results). */
  public StudyProgress progress() {
    return progress;
  }

  /**
   * Test-trace evaluations on {@code target} with speed noise {@code speedNoise}: every number a
   * study reports (test traces neither train nor pick a checkpoint).
   */
  public Evaluator evaluator(Preset target, double speedNoise) {
    return new Evaluator(target, seed, TraceSet.TEST, validationTraces, threads, speedNoise)
        .placedBy(placement)
        .through(this);
  }

  /** Evaluations on the validation traces, for reference levels drawn on validation curves. */
  public Evaluator validationEvaluator(Preset target) {
    return new Evaluator(target, seed, TraceSet.VALIDATION, validationTraces, threads, 0)
        .placedBy(placement)
        .through(this);
  }

  /**
   * Evaluations on given traces (converted real traces) on the study preset's cluster, seeded as
   * compare seeds trace files.
   */
  public Evaluator evaluator(List<Trace> traces) {
    return new Evaluator(preset, seed, traces, threads, 0).placedBy(placement).through(this);
  }

  /** The study recipe on {@code target} with the budget's steps. */
  public TrainingVariant recipe(Preset target) {
    return recipe(target, budget.rlSteps());
  }

  /**
   * The study recipe (docs/experiments.md) on {@code target} for {@code steps} steps: the paper's
   * recipe from scratch, without a warm-up, at the budget's learning rate.
   */
  public TrainingVariant recipe(Preset target, int steps) {
    return runs.recipe(target, steps);
  }

  /** The recipe run on the study preset: every ablation's reference and the one-agent run. */
  public TrainedPolicy reference() {
    return train(recipe(preset));
  }

  /**
   * DL2 for evaluation-only studies: the policy shipped for the preset, else the recipe run's best.
   */
  public PolicyFile evaluationPolicy() {
    return shippedPolicies.apply(preset.name()).orElseGet(() -> reference().best());
  }

  /** The policy shipped for {@code target}, if any (evaluated as is, never trained here). */
  public Optional<PolicyFile> shippedPolicy(Preset target) {
    return shippedPolicies.apply(target.name());
  }

  /**
   * The policy shipped for {@code target} where schedulers know {@code lengths}: the one trained
   * under that setting where it is shipped, else the preset's own (as compare chooses).
   */
  public Optional<PolicyFile> shippedPolicy(Preset target, LengthKnowledge lengths) {
    Optional<PolicyFile> trained = shippedPolicies.apply(lengths.policyName(target.name()));
    return trained.isPresent() ? trained : shippedPolicy(target);
  }

  /** Whether {@link #evaluationPolicy()} is the shipped policy. */
  public boolean usesShippedPolicy() {
    return shippedPolicies.apply(preset.name()).isPresent();
  }

  /** Trains {@code variant} (once per label and preset in this invocation). */
  public TrainedPolicy train(TrainingVariant variant) {
    return train(variant, budget.validateEvery());
  }

  /**
   * Like {@link #train(TrainingVariant)}, validating every {@code validateEvery} steps (e.g. short
   * phases).
   */
  public TrainedPolicy train(TrainingVariant variant, int validateEvery) {
    return runs.train(variant, validateEvery);
  }

  /**
   * DL2 trained on {@code target} with a whole training recipe ({@code dl2 train --recipe}): the
   * recipe's steps, or the budget's in a quick run. Trained once per label and preset.
   */
  public TrainedPolicy train(TrainingRecipe recipe, Preset target, String label) {
    return runs.train(recipe, target, label);
  }

  /**
   * A supervised warm-up from {@code teacher} (under the study's placement) on the study preset,
   * validated five times; its best checkpoint and curve.
   */
  public TrainedWarmUp warmUp(String teacher) {
    return runs.warmUp(teacher);
  }
}
