package dl2.experiment;

import dl2.learning.env.RewardMode;
import dl2.learning.file.PolicyFile;
import dl2.learning.rl.Baseline;
import dl2.learning.rl.explore.ExplorationMode;
import dl2.speed.FittedOptimusSpeed;
import dl2.speed.SpeedModel;
import dl2.workload.Preset;
import java.util.Optional;

/**
 * One DL2 training run of a study: the study recipe (from scratch, slot reward, critic, original
 * exploration, prioritised replay of 8192, one agent) with the switches a study changes.
 *
 * @param label names the run (its directory under {@code runs/}, with the preset and any placement); runs with
 *     equal labels are trained once
 * @param preset workload and cluster of training and validation
 * @param agents synchronous agents
 * @param baseline critic or a no-critic baseline
 * @param exploration job-aware exploration mode
 * @param replayCapacity per-agent replay size
 * @param reward reward function
 * @param trainingSpeed speed model of the training episodes (validation always uses the default one)
 * @param start warm start (a warm-up or an earlier phase), or a fresh network
 * @param steps RL steps
 */
public record TrainingVariant(String label, Preset preset, int agents, Baseline baseline, ExplorationMode exploration,
    int replayCapacity, RewardMode reward, SpeedModel trainingSpeed, Optional<PolicyFile> start, int steps) {

  public static final int REPLAY_CAPACITY = 8192;

  /** The study recipe on {@code preset} with {@code steps} steps. */
  public static TrainingVariant recipe(Preset preset, int steps) {
    return new TrainingVariant("dl2", preset, 1, Baseline.CRITIC, ExplorationMode.ORIGINAL, REPLAY_CAPACITY, RewardMode.SLOT,
        FittedOptimusSpeed.INSTANCE, Optional.empty(), steps);
  }

  public TrainingVariant labelled(String newLabel) {
    return new TrainingVariant(newLabel, preset, agents, baseline, exploration, replayCapacity, reward, trainingSpeed, start, steps);
  }

  public TrainingVariant withAgents(int k) {
    return new TrainingVariant(label, preset, k, baseline, exploration, replayCapacity, reward, trainingSpeed, start, steps);
  }

  public TrainingVariant withBaseline(Baseline b) {
    return new TrainingVariant(label, preset, agents, b, exploration, replayCapacity, reward, trainingSpeed, start, steps);
  }

  public TrainingVariant withExploration(ExplorationMode mode) {
    return new TrainingVariant(label, preset, agents, baseline, mode, replayCapacity, reward, trainingSpeed, start, steps);
  }

  public TrainingVariant withReplayCapacity(int capacity) {
    return new TrainingVariant(label, preset, agents, baseline, exploration, capacity, reward, trainingSpeed, start, steps);
  }

  public TrainingVariant withReward(RewardMode mode) {
    return new TrainingVariant(label, preset, agents, baseline, exploration, replayCapacity, mode, trainingSpeed, start, steps);
  }

  public TrainingVariant withTrainingSpeed(SpeedModel speed) {
    return new TrainingVariant(label, preset, agents, baseline, exploration, replayCapacity, reward, speed, start, steps);
  }

  public TrainingVariant startingFrom(PolicyFile policy) {
    return new TrainingVariant(label, preset, agents, baseline, exploration, replayCapacity, reward, trainingSpeed,
        Optional.of(policy), steps);
  }
}
