package dl2.training;

import dl2.io.AtomicFiles;
import dl2.io.InputException;
import dl2.io.Json;
import dl2.io.OutputPaths;
import dl2.learning.onpolicy.Objective;
import dl2.model.Trace;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Locale;
import tools.jackson.databind.node.ObjectNode;

/**
 * A run's {@link TrainConfig} as {@code train-config.json} in its directory: every knob the run
 * trained with, so that a run can be read, compared and redone without its command line.
 */
public final class TrainConfigFile {
  public static final String FILE = "train-config.json";

  private TrainConfigFile() {}

  /** Writes {@code config} into {@code dir}, atomically. */
  public static void write(TrainConfig config, Path dir) {
    try {
      AtomicFiles.writeString(dir.resolve(FILE), Json.pretty().writeValueAsString(tree(config)) + "\n");
    } catch (IOException e) {
      throw new InputException("cannot write " + dir.resolve(FILE) + ": " + OutputPaths.reason(e));
    }
  }

  static ObjectNode tree(TrainConfig c) {
    ObjectNode node = Json.mapper().createObjectNode();
    node.put("preset", c.preset().name()).put("seed", c.seed()).put("recipe", c.recipe().name())
        .put("policy", c.policy().describe()).put("agents", c.agents()).put("steps", c.steps())
        .put("warm_up_steps", c.warmUpSteps()).put("teacher", c.teacher()).put("placement", c.placement()).put("bundle_labels", c.bundleLabels())
        .put("drop_unlabelled", c.dropUnlabelled()).put("shuffle_columns", c.shuffleColumns())
        .put("slot_start_bundle", c.slotStartBundle()).put("stop_labels", c.stopLabels())
        .put("learning_rate", c.learningRate()).put("batch_size", c.batchSize()).put("replay_capacity", c.replayCapacity())
        .put("replay", name(c.replay())).put("exploration", c.exploration().cliName()).put("returns", name(c.returns()))
        .put("discount", c.discount()).put("baseline", name(c.baseline())).put("entropy", c.entropy())
        .put("anneal_entropy", c.annealEntropy()).put("reward", c.rewardName())
        .put("oracle_reward", c.reward().usesOracle()).put("synchronous", c.synchronous())
        .put("training_traces", c.trainingTraces()).put("validate_every", c.validateEvery())
        .put("validation_traces", c.validationTraces()).put("threads", c.threads()).put("objective", name(c.objective()));
    if (c.objective() == Objective.JCT) {
      OnPolicySettings o = c.onPolicy();
      node.put("rollouts", o.rollouts()).put("horizon", o.horizon()).put("horizon_growth", o.horizonGrowth())
          .put("clip", o.clip()).put("epochs", o.epochs()).put("minibatch", o.minibatch()).put("samples", o.samples());
    }
    c.extraTraces().training().stream().map(Trace::name).forEach(node.putArray("extra_training_traces")::add);
    c.extraTraces().validation().stream().map(Trace::name).forEach(node.putArray("extra_validation_traces")::add);
    return node;
  }

  private static String name(Enum<?> value) {
    return value.name().toLowerCase(Locale.ROOT).replace('_', '-');
  }
}
