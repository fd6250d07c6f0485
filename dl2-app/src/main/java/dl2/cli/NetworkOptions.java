package dl2.cli;

import dl2.io.InputException;
import dl2.learning.file.PolicySettings;
import dl2.learning.policy.PolicyNetwork;
import dl2.learning.rl.TrainingRecipe;
import dl2.learning.state.StateEncoding;
import dl2.workload.Preset;
import picocli.CommandLine.Option;

/**
 * The policy a training command trains: the "Network and state" section; a flag left out keeps the
 * recipe's value.
 */
final class NetworkOptions {
  @Option(
      names = "--encoding",
      paramLabel = "ENCODING",
      converter = EnumOption.Encodings.class,
      completionCandidates = EnumOption.Encodings.class,
      description =
          "State encoding: original (6×J, type as a number), paper (one-hot types), observed (what the cluster "
              + "measured of each job, no model name; speeds fitted to its progress) or placed (observed, and the policy "
              + "also picks the kind of node each task goes to: beside the job's own tasks, the least crowded or the least "
              + "loaded; three columns per window job) or typed (placed for clusters of several GPU types: beside the "
              + "job's own tasks or on the least-loaded node of each GPU type; four columns per window job) "
              + "(default: the recipe's).")
  StateEncoding encoding;

  @Option(
      names = "--network",
      paramLabel = "NETWORK",
      converter = EnumOption.Networks.class,
      completionCandidates = EnumOption.Networks.class,
      description =
          "Policy network: fully-connected (the paper's), shared-columns (one set of weights scores every "
              + "window column; no affine norm) or pooled-embeddings (per-job embeddings, a pooled context and a small "
              + "per-column head; fast incremental inference) (default: the recipe's).")
  PolicyNetwork network;

  @Option(
      names = "--hidden",
      paramLabel = "WIDTH",
      description = "Hidden layer width (default: the recipe's).")
  Integer hidden;

  @Option(
      names = "--layers",
      paramLabel = "N",
      description = "Hidden layers (default: the recipe's).")
  Integer layers;

  @Option(
      names = "--window",
      paramLabel = "J",
      description = "Jobs the policy sees, the oldest outstanding ones (default: the recipe's).")
  Integer window;

  @Option(
      names = "--raw-inputs",
      description = "Feed raw, unscaled state values as the original did.")
  boolean rawInputs;

  /**
   * {@code recipe}'s policy for the preset, with the network, layers, encoding and window asked
   * for.
   */
  PolicySettings policy(Preset preset, TrainingRecipe recipe) {
    if ((hidden != null && (hidden < 1 || hidden > PolicySettings.MAX_HIDDEN_WIDTH))
        || (layers != null && (layers < 1 || layers > PolicySettings.MAX_HIDDEN_LAYERS))) {
      throw new InputException(
          "--hidden must be 1.."
              + PolicySettings.MAX_HIDDEN_WIDTH
              + " and --layers 1.."
              + PolicySettings.MAX_HIDDEN_LAYERS
              + ": "
              + (hidden != null ? hidden : recipe.hidden())
              + " and "
              + (layers != null ? layers : recipe.layers()));
    }
    int jobs = window != null ? window : recipe.window() > 0 ? recipe.window() : preset.window();
    if (jobs < 1 || jobs > PolicySettings.MAX_WINDOW) {
      throw new InputException("--window must be 1.." + PolicySettings.MAX_WINDOW + ": " + jobs);
    }
    StateEncoding state = encoding != null ? encoding : recipe.encoding();
    // the placed encoding gives every window job one column per kind of node
    int columns = jobs * state.columnsPerJob();
    if (columns > PolicySettings.MAX_WINDOW) {
      throw new InputException(
          "--window "
              + jobs
              + " with --encoding "
              + EnumOption.dashed(state)
              + " makes "
              + columns
              + " columns, more than "
              + PolicySettings.MAX_WINDOW
              + ": give at most "
              + PolicySettings.MAX_WINDOW / state.columnsPerJob()
              + " jobs");
    }
    return PolicySettings.defaults(preset)
        .withWindow(columns)
        .withHidden(
            hidden != null ? hidden : recipe.hidden(), layers != null ? layers : recipe.layers())
        .withEncoding(state, !rawInputs)
        .withNetwork(network != null ? network : recipe.network());
  }
}
