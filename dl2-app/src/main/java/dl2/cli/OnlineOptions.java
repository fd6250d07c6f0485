package dl2.cli;

import dl2.io.InputException;
import dl2.io.OutputPaths;
import dl2.learning.file.PolicyFile;
import dl2.learning.rl.OnlineTuner;
import dl2.slot.Scheduler;
import java.nio.file.Path;
import java.util.Optional;
import picocli.CommandLine.Option;

/** Online fine-tuning of a DL2 policy on the (live or emulated) cluster, with the guard's knobs. */
public final class OnlineOptions {
  static final int MAX_WINDOW = 100_000;

  @Option(
      names = "--online-rl",
      paramLabel = "FILE",
      description =
          "Fine-tune the --policy online (actor-critic with the reward it was trained on, computed from the "
              + "cluster's progress reports alone), checkpointing to FILE; the --scheduler is the teacher the guard falls back "
              + "to. In the emulator the traces run one after another and the tuning carries over.")
  public Path checkpoint;

  @Option(
      names = "--guard-window",
      paramLabel = "N",
      defaultValue = "10",
      description =
          "With --online-rl: slots behind the teacher's level and the policy's rolling reward (default: ${DEFAULT-VALUE}).")
  int window;

  @Option(
      names = "--guard-margin",
      paramLabel = "M",
      defaultValue = "0.1",
      description =
          "With --online-rl: fall back when the policy's rolling reward is below (1 - M) x the teacher's "
              + "(default: ${DEFAULT-VALUE}).")
  double margin;

  @Option(
      names = "--online-lr",
      paramLabel = "R",
      defaultValue = "1e-3",
      description =
          "With --online-rl: Adam's learning rate for both networks (default: ${DEFAULT-VALUE}, the observed recipe's).")
  double learningRate;

  @Option(
      names = "--online-entropy",
      paramLabel = "B",
      defaultValue = "0.001",
      description =
          "With --online-rl: the entropy bonus (default: ${DEFAULT-VALUE}, the observed recipe's; 0.1 is the paper's).")
  double entropy;

  /** Whether --online-rl was given. */
  boolean active() {
    return checkpoint != null;
  }

  /**
   * Checks the options (before any work): --online-rl needs the policy to start from and a file it
   * can write.
   */
  void check(Optional<PolicyFile> policy) {
    if (checkpoint == null) {
      return;
    }
    if (policy.isEmpty()) {
      throw new InputException("--online-rl needs the policy to fine-tune: add --policy FILE");
    }
    OutputPaths.checkFile("--online-rl", checkpoint);
    if (window < 1 || window > MAX_WINDOW || !(margin < 1) || Double.isNaN(margin)) {
      throw new InputException(
          "--guard-window must be 1.." + MAX_WINDOW + " and --guard-margin below 1");
    }
    if (!(learningRate > 0)
        || !(entropy >= 0)
        || Double.isInfinite(learningRate)
        || Double.isInfinite(entropy)) {
      throw new InputException("--online-lr must be positive and --online-entropy at least 0");
    }
  }

  /** The tuner, when --online-rl is given; it needs the policy to start from. */
  public Optional<OnlineTuner> tuner(
      Optional<PolicyFile> policy, Scheduler teacher, int taskCap, long seed) {
    if (checkpoint == null) {
      return Optional.empty();
    }
    check(policy);
    OnlineTuner.Settings defaults = OnlineTuner.Settings.defaults();
    OnlineTuner.Settings settings =
        new OnlineTuner.Settings(
            window,
            margin,
            defaults.batchSize(),
            defaults.replaySize(),
            learningRate,
            defaults.checkpointEvery(),
            entropy);
    return Optional.of(new OnlineTuner(policy.get(), teacher, taskCap, settings, seed, checkpoint));
  }
}
