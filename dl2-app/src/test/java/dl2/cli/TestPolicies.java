package dl2.cli;

import dl2.learning.file.PolicyFile;
import dl2.learning.file.PolicySettings;
import dl2.learning.file.TrainingInfo;
import dl2.learning.nn.Adam;
import dl2.learning.nn.Mlp;
import dl2.learning.nn.NetworkState;
import dl2.model.Rng;
import dl2.workload.Presets;
import java.nio.file.Path;
import java.util.Optional;

/** Policy files for CLI tests, and the installation directory the launcher would pass. */
public final class TestPolicies {
  /** Code that may throw, run with {@code dl2.home} set. */
  interface Body {
    void run() throws Exception;
  }

  private TestPolicies() {}

  /**
   * An untrained small paper-testbed policy saved to {@code file}, as if selected on {@code
   * validationTraces} traces of seed 5.
   */
  public static void untrained(Path file, Integer validationTraces) {
    PolicySettings settings = PolicySettings.defaults(Presets.PAPER_TESTBED).withHidden(8, 1);
    Mlp policy = new Mlp(settings.policySpec(), new Rng(1));
    new PolicyFile(
            settings,
            new TrainingInfo("rl", 20, "paper-testbed", "", 5, validationTraces),
            new NetworkState("policy", policy, new Adam(policy, 0.001)),
            Optional.empty())
        .save(file);
  }

  /**
   * A small paper-testbed policy that never schedules: every weight 0 and the stop action's bias
   * far above the others, so greedy decoding stops before its first decision in every slot. {@code
   * startOfSlotBundle} says whether its slots still start with the starvation guard's bundle.
   */
  static void alwaysStops(Path file, boolean startOfSlotBundle) {
    PolicySettings defaults = PolicySettings.defaults(Presets.PAPER_TESTBED).withHidden(8, 1);
    PolicySettings settings =
        new PolicySettings(
            defaults.encoding(),
            defaults.window(),
            defaults.taskCap(),
            defaults.maxEpochs(),
            defaults.scaled(),
            defaults.hiddenWidths(),
            defaults.affineNorm(),
            startOfSlotBundle,
            defaults.network());
    Mlp policy = new Mlp(settings.policySpec(), new Rng(1));
    policy.params().forEach(p -> java.util.Arrays.fill(p.value(), 0));
    double[] headBias = policy.params().get(policy.params().size() - 1).value();
    headBias[settings.actions().stop()] = 100;
    new PolicyFile(
            settings,
            new TrainingInfo("rl", 20, "paper-testbed", "", 5, null),
            new NetworkState("policy", policy, new Adam(policy, 0.001)),
            Optional.empty())
        .save(file);
  }

  /**
   * Runs {@code body} with the installation directory (where policies/ is looked up) set to {@code
   * home}.
   */
  static void withHome(Path home, Body body) throws Exception {
    String previous = System.getProperty("dl2.home");
    System.setProperty("dl2.home", home.toString());
    try {
      body.run();
    } finally {
      if (previous == null) {
        System.clearProperty("dl2.home");
      } else {
        System.setProperty("dl2.home", previous);
      }
    }
  }
}
