package dl2.schedulers.lengths;

import dl2.lengths.LengthPosterior;
import dl2.model.JobSpec;
import dl2.model.Trace;
import dl2.schedulers.Tiresias;
import dl2.simulation.SimulationConfig;
import dl2.simulation.Simulator;
import dl2.simulation.SlotOutcome;
import dl2.slot.JobProgress;
import dl2.slot.SlotContext;
import dl2.speed.FittedOptimusSpeed;
import dl2.speed.SpeedModel;
import dl2.workload.LengthError;
import dl2.workload.Preset;
import dl2.workload.Presets;
import dl2.workload.TraceSet;
import dl2.workload.TraceSets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What a cluster knows of job lengths before it sees a job, learned from the training traces: the
 * posterior of a job's length ({@link LengthPosterior}: their jobs' true epochs as the prior, the
 * error model that produced the estimates as the likelihood) and the service each needed, in
 * task-slots under Tiresias (the job-size distribution of 2D-Gittins, in the unit Tiresias counts
 * attained service in).
 */
public final class LengthPrior {
  private final LengthPosterior posterior;
  private final double[] serviceTaskSlots;

  LengthPrior(double[] epochs, double[] serviceTaskSlots, LengthError error) {
    this(new LengthPosterior(epochs, error), serviceTaskSlots);
  }

  private LengthPrior(LengthPosterior posterior, double[] serviceTaskSlots) {
    if (serviceTaskSlots.length == 0) {
      throw new IllegalArgumentException("a length prior needs at least one job");
    }
    this.posterior = posterior;
    this.serviceTaskSlots = serviceTaskSlots.clone();
    Arrays.sort(this.serviceTaskSlots);
  }

  /**
   * The prior of {@code training} (true lengths, and the task-slots each job attained under
   * Tiresias on {@code config}'s cluster), for estimates that err as {@code error}.
   */
  public static LengthPrior of(
      List<Trace> training,
      SimulationConfig config,
      SpeedModel speed,
      List<Long> simulatorSeeds,
      LengthError error) {
    int jobs = training.stream().mapToInt(Trace::size).sum();
    double[] service = new double[jobs];
    int at = 0;
    for (int t = 0; t < training.size(); t++) {
      Trace trace = training.get(t);
      Map<Integer, Double> attained =
          attainedTaskSlots(trace, config, speed, simulatorSeeds.get(t));
      for (JobSpec job : trace.jobs()) {
        service[at++] = attained.getOrDefault(job.id(), 1.0);
      }
    }
    return new LengthPrior(LengthPosterior.of(training, error), service);
  }

  /** Each job's task-slots until it completed, Tiresias scheduling. */
  private static Map<Integer, Double> attainedTaskSlots(
      Trace trace, SimulationConfig config, SpeedModel speed, long seed) {
    Simulator simulator = new Simulator(config, trace, speed, seed);
    Tiresias tiresias = new Tiresias();
    Map<Integer, Double> attained = new HashMap<>();
    while (true) {
      SlotContext slot = simulator.beginSlot();
      tiresias.schedule(slot);
      SlotOutcome outcome = simulator.endSlot();
      for (JobProgress step : outcome.progress()) {
        attained.merge(
            step.jobId(), (double) step.workers() + step.parameterServers(), Double::sum);
      }
      if (outcome.finished()) {
        return attained;
      }
    }
  }

  /** Built on first use: the default of a registry made without a run's prior. */
  private static final class Standard {
    static final LengthPrior PRIOR =
        ofPreset(
            Presets.byName(STANDARD_PRESET),
            FittedOptimusSpeed.INSTANCE,
            TraceSets.DEFAULT_BASE_SEED,
            LengthError.CALIBRATED);
  }

  /** The preset whose training traces give the prior of a registry made without a run's own. */
  public static final String STANDARD_PRESET = "paper-dense";

  /** Training traces a prior is learned from. */
  public static final int TRAINING_TRACES = LengthPosterior.TRAINING_TRACES;

  /**
   * The prior of {@link #STANDARD_PRESET}'s training traces under the base seed, for calibrated
   * estimates.
   */
  public static LengthPrior standard() {
    return Standard.PRIOR;
  }

  /**
   * The prior of {@code preset}'s first {@link #TRAINING_TRACES} training traces under {@code
   * baseSeed}, in its world without noise, for estimates that err as {@code error}.
   */
  public static LengthPrior ofPreset(
      Preset preset, SpeedModel speed, long baseSeed, LengthError error) {
    List<Trace> training = LengthPosterior.training(preset, baseSeed);
    List<Long> seeds = new ArrayList<>();
    for (int i = 0; i < TRAINING_TRACES; i++) {
      seeds.add(TraceSets.simulatorSeed(baseSeed, TraceSet.TRAINING, 0, i));
    }
    return of(training, SimulationConfig.of(preset), speed, seeds, error);
  }

  /** The posterior of a job's length under this prior, which DL2's state may believe too. */
  public LengthPosterior posterior() {
    return posterior;
  }

  /** The prior's true lengths, ascending. */
  double[] epochs() {
    return posterior.epochs();
  }

  /** The prior's job sizes in task-slots, ascending. */
  double[] serviceTaskSlots() {
    return serviceTaskSlots.clone();
  }

  public LengthError error() {
    return posterior.error();
  }

  /** {@link LengthPosterior#expectedRemainingEpochs}. */
  public double expectedRemainingEpochs(double progress, double estimate) {
    return posterior.expectedRemainingEpochs(progress, estimate);
  }
}
