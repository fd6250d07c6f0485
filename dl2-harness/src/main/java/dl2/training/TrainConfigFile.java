package dl2.training;

import dl2.io.AtomicFiles;
import dl2.io.InputException;
import dl2.io.Json;
import dl2.io.OutputPaths;
import dl2.io.Provenance;
import dl2.learning.rl.ActorCritic;
import dl2.learning.rl.ExtraTraces;
import dl2.learning.rl.Jct;
import dl2.learning.sl.Labels;
import dl2.model.Trace;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Locale;
import tools.jackson.databind.node.ObjectNode;

/**
 * A run's {@link TrainConfig} as {@code train-config.json} in its directory: every knob the run
 * trained with, so that a run can be read, compared and redone without its command line. One flat
 * object in a fixed order; the actor-critic's knobs appear only for that objective, the jct
 * objective's only for that one.
 */
public final class TrainConfigFile {
  public static final String FILE = "train-config.json";

  /** The provenance's format name of the file. */
  static final String FORMAT = "train-config";

  private TrainConfigFile() {}

  /** Writes {@code config} into {@code dir}, atomically. */
  public static void write(TrainConfig config, Path dir) {
    try {
      AtomicFiles.writeString(
          dir.resolve(FILE),
          Json.pretty().writeValueAsString(Provenance.stamped(FORMAT, 1, tree(config))) + "\n");
    } catch (IOException e) {
      throw new InputException("cannot write " + dir.resolve(FILE) + ": " + OutputPaths.reason(e));
    }
  }

  static ObjectNode tree(TrainConfig c) {
    ActorCritic ac = c.objective() instanceof ActorCritic a ? a : null;
    Labels labels = c.warmUp().labels();
    ObjectNode node = Json.mapper().createObjectNode();
    node.put("preset", c.budget().preset().name())
        .put("seed", c.budget().seed())
        .put("recipe", c.recipe().name())
        .put("lengths", c.budget().lengths().label())
        .put("policy", c.policy().describe());
    if (ac != null) {
      node.put("agents", ac.agents());
    }
    node.put("steps", c.budget().steps())
        .put("warm_up_steps", c.warmUp().steps())
        .put("teacher", c.warmUp().teacher())
        .put("placement", c.placement())
        .put("bundle_labels", labels.bundles())
        .put("drop_unlabelled", labels.dropUnlabelled())
        .put("shuffle_columns", labels.shuffleColumns())
        .put("slot_start_bundle", labels.slotStartBundle())
        .put("stop_labels", labels.stopLabels())
        .put("learning_rate", c.objective().learningRate());
    if (ac != null) {
      node.put("batch_size", ac.batchSize())
          .put("replay_capacity", ac.replayCapacity())
          .put("replay", name(ac.replay()))
          .put("exploration", ac.exploration().cliName())
          .put("returns", name(ac.update().returns()))
          .put("discount", ac.update().discount())
          .put("baseline", name(ac.update().baseline()));
    }
    node.put("entropy", c.objective().entropy());
    if (ac != null) {
      node.put("anneal_entropy", ac.annealEntropy());
    }
    node.put("reward", c.objective().rewardName()).put("oracle_reward", c.objective().usesOracle());
    if (ac != null) {
      node.put("synchronous", ac.synchronous());
    }
    node.put("training_traces", c.budget().trainingTraces())
        .put("validate_every", c.budget().validateEvery())
        .put("validation_traces", c.budget().validationTraces())
        .put("threads", c.budget().threads())
        .put("objective", c.objective().name());
    if (c.objective() instanceof Jct o) {
      node.put("rollouts", o.rollouts())
          .put("horizon", o.horizon())
          .put("horizon_growth", o.horizonGrowth())
          .put("clip", o.clip())
          .put("epochs", o.epochs())
          .put("minibatch", o.minibatch())
          .put("samples", o.samples());
    }
    ExtraTraces extra = ac != null ? ac.extraTraces() : ExtraTraces.NONE;
    extra.training().stream().map(Trace::name).forEach(node.putArray("extra_training_traces")::add);
    extra.validation().stream()
        .map(Trace::name)
        .forEach(node.putArray("extra_validation_traces")::add);
    return node;
  }

  private static String name(Enum<?> value) {
    return value.name().toLowerCase(Locale.ROOT).replace('_', '-');
  }
}
