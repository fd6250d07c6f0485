package dl2.experiment;

import dl2.learning.env.RewardMode;
import dl2.learning.file.PolicyFile;
import dl2.learning.rl.ActorCritic;
import dl2.learning.rl.Baseline;
import dl2.learning.rl.explore.ExplorationMode;
import dl2.speed.FittedOptimusSpeed;
import dl2.speed.SpeedModel;
import dl2.training.TrainConfig;
import dl2.workload.Preset;
import java.util.Optional;

/**
 * One DL2 training run of a study: a {@link TrainConfig} (the study recipe, {@link
 * StudyContext#recipe}, with the switches a study changes), the speed model of its episodes, and
 * where it starts.
 *
 * @param label names the run (its directory under {@code runs/}, with the preset and any
 *     placement); runs with equal labels are trained once
 * @param config every knob of the run, its actor-critic objective included
 * @param trainingSpeed speed model of the training episodes (validation always uses the default
 *     one)
 * @param start warm start (a warm-up or an earlier phase): its policy network, not its critic; or a
 *     fresh network
 */
public record TrainingVariant(
    String label, TrainConfig config, SpeedModel trainingSpeed, Optional<PolicyFile> start) {
  /** {@code config} from scratch, labelled dl2, on the default speed model. */
  static TrainingVariant of(TrainConfig config) {
    return new TrainingVariant("dl2", config, FittedOptimusSpeed.INSTANCE, Optional.empty());
  }

  public Preset preset() {
    return config.budget().preset();
  }

  public ActorCritic actorCritic() {
    return (ActorCritic) config.objective();
  }

  public TrainingVariant labelled(String newLabel) {
    return new TrainingVariant(newLabel, config, trainingSpeed, start);
  }

  public TrainingVariant withAgents(int k) {
    return with(actorCritic().withAgents(k));
  }

  public TrainingVariant withBaseline(Baseline b) {
    return with(actorCritic().withBaseline(b));
  }

  public TrainingVariant withExploration(ExplorationMode mode) {
    return with(actorCritic().withExploration(mode));
  }

  public TrainingVariant withReplayCapacity(int capacity) {
    return with(actorCritic().withReplayCapacity(capacity));
  }

  public TrainingVariant withReward(RewardMode mode) {
    return with(actorCritic().withReward(mode));
  }

  public TrainingVariant withTrainingSpeed(SpeedModel speed) {
    return new TrainingVariant(label, config, speed, start);
  }

  /** Starting from {@code policy}'s network, with its settings. */
  public TrainingVariant startingFrom(PolicyFile policy) {
    return new TrainingVariant(
        label, config.withPolicy(policy.settings()), trainingSpeed, Optional.of(policy));
  }

  private TrainingVariant with(ActorCritic objective) {
    return new TrainingVariant(label, config.withObjective(objective), trainingSpeed, start);
  }
}
