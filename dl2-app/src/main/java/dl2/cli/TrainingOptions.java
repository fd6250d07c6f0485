package dl2.cli;

import dl2.learning.file.PolicySettings;
import dl2.learning.rl.TrainingRecipe;
import dl2.learning.run.RunBudget;
import dl2.workload.Preset;
import java.nio.file.Path;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;

/**
 * The help sections every training command shares: the workload and run, the network and state, and
 * the output.
 */
public final class TrainingOptions {
  @ArgGroup(validate = false, heading = "%nWorkload and run:%n", order = 1)
  RunOptions run = new RunOptions();

  @ArgGroup(validate = false, heading = "%nNetwork and state:%n", order = 2)
  NetworkOptions network = new NetworkOptions();

  @ArgGroup(validate = false, heading = "%nOutput:%n", order = 9)
  OutputOptions output = new OutputOptions();

  @Mixin LengthOptions lengths = new LengthOptions();

  /** The --workload preset in the --world asked for, after the run's counts are checked. */
  Preset preset() {
    run.check();
    run.recipe();
    return run.preset(run.workload);
  }

  /**
   * {@code steps} steps on {@code preset} under {@code seed} (see {@link RunOptions#budget}), its
   * schedulers knowing job lengths as --lengths says: training runs generated traces.
   */
  RunBudget budget(Preset preset, long seed, int steps, String stepsFlag, int atMost) {
    return run.budget(
        preset, seed, steps, stepsFlag, atMost, LengthOptions.forGenerated(lengths.setting(0)));
  }

  TrainingRecipe recipe() {
    return run.recipe();
  }

  /** The recipe's policy for {@code preset}, with the network options given. */
  PolicySettings policy(Preset preset) {
    return network.policy(preset, run.recipe());
  }

  Path out(CommandSpec spec) {
    return output.out(spec);
  }

  boolean force() {
    return output.force;
  }
}
