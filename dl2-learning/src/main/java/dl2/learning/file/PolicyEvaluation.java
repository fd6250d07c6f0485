package dl2.learning.file;

import dl2.learning.nn.Mlp;
import dl2.learning.nn.ParamSet;
import dl2.learning.policy.DecisionListener;
import dl2.learning.policy.Decoding;
import dl2.learning.policy.PolicyScheduler;
import dl2.learning.speeds.MeasuredSpeeds;
import dl2.learning.speeds.SpeedMemory;
import dl2.learning.state.Observer;
import dl2.lengths.LengthBelief;
import dl2.model.Rng;
import dl2.model.SeedStream;
import dl2.model.Trace;
import dl2.simulation.SimulatedClusters;
import dl2.simulation.SimulationResult;
import dl2.slot.Scheduler;
import java.util.List;
import java.util.function.Function;
import java.util.function.IntToLongFunction;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;

/**
 * Runs a policy's weights as the {@code dl2} scheduler over traces, each trace with its own copy of
 * the network so that traces can run in parallel with bit-identical results.
 */
public final class PolicyEvaluation {
  /** The name a policy runs under, as a scheduler. */
  public static final String NAME = "dl2";

  private PolicyEvaluation() {}

  /** A fresh scheduler running these weights; {@code seed} drives sampled decoding. */
  public static PolicyScheduler scheduler(
      PolicySettings settings, ParamSet weights, int liveTaskCap, Decoding decoding, long seed) {
    return scheduler(settings, weights, SpeedMemory.EMPTY, liveTaskCap, decoding, seed);
  }

  /** A fresh scheduler running a policy file, starting from the speed memory it carries. */
  public static PolicyScheduler scheduler(
      PolicyFile policy, int liveTaskCap, Decoding decoding, long seed) {
    return scheduler(policy, liveTaskCap, decoding, seed, LengthBelief.AS_GIVEN);
  }

  /**
   * As {@link #scheduler(PolicyFile, int, Decoding, long)}, its state reading job lengths as {@code
   * lengths} takes them (a fresh belief: one per scheduler).
   */
  public static PolicyScheduler scheduler(
      PolicyFile policy, int liveTaskCap, Decoding decoding, long seed, LengthBelief lengths) {
    return scheduler(policy, liveTaskCap, decoding, seed, lengths, ResidualSettings::createRule);
  }

  /**
   * As {@link #scheduler(PolicyFile, int, Decoding, long, LengthBelief)}, a residual policy's base
   * rule made by {@code rules} (compare's catalogue, so that it is the rule of its own row).
   */
  public static PolicyScheduler scheduler(
      PolicyFile policy,
      int liveTaskCap,
      Decoding decoding,
      long seed,
      LengthBelief lengths,
      Function<String, Scheduler> rules) {
    PolicySettings settings = policy.settings();
    Observer observer = settings.observer(liveTaskCap, lengths);
    return new PolicyScheduler(
        NAME,
        observer,
        PlayedPolicy.of(
            settings,
            Mlp.of(settings.policySpec(), policy.policy().network().parameters()),
            observer,
            rules),
        decoding.chooser(new Rng(seed)),
        DecisionListener.NONE,
        settings.startOfSlotBundle(),
        new MeasuredSpeeds(policy.speeds()));
  }

  /** A fresh scheduler running these weights, its observed speeds starting from {@code memory}. */
  public static PolicyScheduler scheduler(
      PolicySettings settings,
      ParamSet weights,
      SpeedMemory memory,
      int liveTaskCap,
      Decoding decoding,
      long seed) {
    return scheduler(settings, weights, memory, liveTaskCap, decoding, seed, LengthBelief.AS_GIVEN);
  }

  /**
   * As {@link #scheduler(PolicySettings, ParamSet, SpeedMemory, int, Decoding, long)}, its state
   * reading job lengths as {@code lengths} takes them.
   */
  public static PolicyScheduler scheduler(
      PolicySettings settings,
      ParamSet weights,
      SpeedMemory memory,
      int liveTaskCap,
      Decoding decoding,
      long seed,
      LengthBelief lengths) {
    Mlp network = Mlp.of(settings.policySpec(), weights);
    Observer observer = settings.observer(liveTaskCap, lengths);
    return new PolicyScheduler(
        NAME,
        observer,
        PlayedPolicy.of(settings, network, observer),
        decoding.chooser(new Rng(seed)),
        DecisionListener.NONE,
        settings.startOfSlotBundle(),
        new MeasuredSpeeds(memory));
  }

  public static List<SimulationResult> run(
      PolicySettings settings,
      ParamSet weights,
      SimulatedClusters clusters,
      List<Trace> traces,
      IntToLongFunction simulatorSeeds,
      Decoding decoding,
      long seed,
      int threads) {
    return run(
        settings,
        weights,
        SpeedMemory.EMPTY,
        clusters,
        UnaryOperator.identity(),
        traces,
        simulatorSeeds,
        decoding,
        seed,
        threads,
        () -> LengthBelief.AS_GIVEN);
  }

  /**
   * These weights on each trace, their observed speeds starting from {@code memory}; each trace's
   * scheduler runs as {@code placed} makes it (e.g. under a training run's placement) and reads job
   * lengths as a fresh belief from {@code lengths}.
   */
  public static List<SimulationResult> run(
      PolicySettings settings,
      ParamSet weights,
      SpeedMemory memory,
      SimulatedClusters clusters,
      UnaryOperator<Scheduler> placed,
      List<Trace> traces,
      IntToLongFunction simulatorSeeds,
      Decoding decoding,
      long seed,
      int threads,
      Supplier<LengthBelief> lengths) {
    int taskCap = clusters.config().taskCap();
    return clusters.run(
        traces,
        i ->
            placed.apply(
                scheduler(
                    settings,
                    weights,
                    memory,
                    taskCap,
                    decoding,
                    Rng.derive(seed, SeedStream.POLICY_DECODING, i),
                    lengths.get())),
        simulatorSeeds,
        threads);
  }
}
