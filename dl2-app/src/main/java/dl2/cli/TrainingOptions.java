package dl2.cli;

import dl2.io.InputException;
import dl2.learning.file.PolicySettings;
import dl2.learning.policy.PolicyNetwork;
import dl2.learning.rl.TrainingRecipe;
import dl2.learning.state.StateEncoding;
import dl2.workload.Preset;
import dl2.workload.Presets;
import dl2.workload.TraceSets;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/** Options every training command shares: where and on what to train, the network, validation and threads. */
public final class TrainingOptions {
  static final int MAX_VALIDATION_TRACES = 1000;
  static final int MAX_THREADS = 1024;

  @Option(names = "--workload", defaultValue = "paper-large", description = "Preset to train on (default: ${DEFAULT-VALUE}).")
  String workload;

  @Option(names = "--world", paramLabel = "WORLD", description = WorkloadOptions.WORLD_HELP)
  String world;

  @Option(names = "--seed", defaultValue = "" + TraceSets.DEFAULT_BASE_SEED, description = "Base seed (default: ${DEFAULT-VALUE}).")
  long seed;

  @Option(names = "--out", required = true, description = "Output directory (new or empty; see --force).")
  Path out;

  @Option(names = "--force", description = "Replace an earlier run in --out (otherwise refused).")
  boolean force;

  @Option(names = "--recipe", paramLabel = "NAME", defaultValue = "observed",
      description = "Where every other default comes from: observed (the shipped policies' recipe: learnt from what a "
          + "cluster observes) or paper (the paper's formulation with the original code's defaults) (default: "
          + "${DEFAULT-VALUE}). A flag given overrides its recipe value.")
  String recipe;

  @Option(names = "--hidden", description = "Hidden layer width (default: the recipe's: observed 64, paper 256).")
  Integer hidden;

  @Option(names = "--layers", description = "Hidden layers (default: the recipe's: 2).")
  Integer layers;

  @Option(names = "--encoding",
      description = "State encoding: original (6×J, type as a number), paper (one-hot types), observed (what the cluster "
          + "measured of each job, no model name; speeds fitted to its progress) or placed (observed, and the policy "
          + "also picks the kind of node each task goes to: beside the job's own tasks, the least crowded or the least "
          + "loaded; three columns per window job) (default: the recipe's: observed "
          + "observed, paper original).")
  String encoding;

  @Option(names = "--network",
      description = "Policy network: fully-connected (the paper's), shared-columns (one set of weights scores every "
          + "window column; no affine norm) or pooled-embeddings (per-job embeddings, a pooled context and a small "
          + "per-column head; fast incremental inference) (default: the recipe's: observed pooled-embeddings, paper "
          + "fully-connected).")
  String network;

  @Option(names = "--window", paramLabel = "J",
      description = "Jobs the policy sees, the oldest outstanding ones (default: the recipe's: observed 40, paper the "
          + "preset's, e.g. 20 on paper-dense).")
  Integer window;

  @Option(names = "--raw-inputs", description = "Feed raw, unscaled state values as the original did.")
  boolean rawInputs;

  @Option(names = "--validate-every", description = "Steps between validations (default: a tenth of the steps).")
  Integer validateEvery;

  @Option(names = "--validation-traces", defaultValue = "10", description = "Fixed validation traces (default: ${DEFAULT-VALUE}).")
  int validationTraces;

  @Option(names = "--threads", description = "Threads; results do not depend on it (default: available processors).")
  Integer threads;

  Preset preset() {
    if ((hidden != null && hidden < 1) || (layers != null && layers < 1) || validationTraces < 1
        || (validateEvery != null && validateEvery < 1) || (threads != null && threads < 1)) {
      throw new InputException("--hidden, --layers, --validation-traces, --validate-every and --threads must be at least 1");
    }
    if ((hidden != null && hidden > PolicySettings.MAX_HIDDEN_WIDTH) || (layers != null && layers > PolicySettings.MAX_HIDDEN_LAYERS)
        || validationTraces > MAX_VALIDATION_TRACES || (threads != null && threads > MAX_THREADS)) {
      throw new InputException("--hidden must be at most " + PolicySettings.MAX_HIDDEN_WIDTH + ", --layers at most "
          + PolicySettings.MAX_HIDDEN_LAYERS + ", --validation-traces at most " + MAX_VALIDATION_TRACES + " and --threads at most "
          + MAX_THREADS);
    }
    recipe();
    return preset(workload);
  }

  /** The preset {@code name} in the --world asked for. */
  Preset preset(String name) {
    return WorkloadOptions.inWorld(Presets.byName(name), world);
  }

  /** The --recipe the other defaults come from. */
  TrainingRecipe recipe() {
    return TrainingRecipe.byName(recipe).orElseThrow(() -> new InputException("--recipe must be observed or paper: " + recipe));
  }

  /** The recipe's policy for the preset, with the network, layers, encoding and window asked for. */
  PolicySettings policy(Preset preset) {
    TrainingRecipe r = recipe();
    String encoding = this.encoding != null ? this.encoding : switch (r.encoding()) {
      case ORIGINAL -> "original";
      case PAPER -> "paper";
      case OBSERVED -> "observed";
      case PLACED -> "placed";
    };
    String network = this.network != null ? this.network : switch (r.network()) {
      case FULLY_CONNECTED -> "fully-connected";
      case SHARED_COLUMNS -> "shared-columns";
      case POOLED_EMBEDDINGS -> "pooled-embeddings";
    };
    int width = hidden != null ? hidden : r.hidden();
    int depth = layers != null ? layers : r.layers();
    int jobs = window != null ? window : r.window() > 0 ? r.window() : preset.window();
    StateEncoding stateEncoding = switch (encoding) {
      case "original" -> StateEncoding.ORIGINAL;
      case "paper" -> StateEncoding.PAPER;
      case "observed" -> StateEncoding.OBSERVED;
      case "placed" -> StateEncoding.PLACED;
      default -> throw new InputException("--encoding must be original, paper, observed or placed: " + encoding);
    };
    PolicyNetwork architecture = switch (network) {
      case "fully-connected" -> PolicyNetwork.FULLY_CONNECTED;
      case "shared-columns" -> PolicyNetwork.SHARED_COLUMNS;
      case "pooled-embeddings" -> PolicyNetwork.POOLED_EMBEDDINGS;
      default -> throw new InputException(
          "--network must be fully-connected, shared-columns or pooled-embeddings: " + network);
    };
    if (jobs < 1 || jobs > 1000) {
      throw new InputException("--window must be 1..1000: " + jobs);
    }
    // the placed encoding gives every window job one column per kind of node
    int columns = jobs * stateEncoding.columnsPerJob();
    return PolicySettings.defaults(preset).withWindow(columns).withHidden(width, depth)
        .withEncoding(stateEncoding, !rawInputs).withNetwork(architecture);
  }

  int threads() {
    return threads != null ? threads : Runtime.getRuntime().availableProcessors();
  }

  /** The requested interval, or a tenth of the steps capped at {@code cap}. */
  int validateEvery(int steps, int cap) {
    return validateEvery != null ? validateEvery : Math.max(1, Math.min(cap, steps / 10));
  }
}
