package dl2.cli;

import dl2.learning.PolicyNetwork;
import dl2.learning.PolicySettings;
import dl2.learning.StateEncoding;
import dl2.model.InputException;
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

  @Option(names = "--hidden", defaultValue = "256", description = "Hidden layer width (default: ${DEFAULT-VALUE}).")
  int hidden;

  @Option(names = "--layers", defaultValue = "2", description = "Hidden layers (default: ${DEFAULT-VALUE}).")
  int layers;

  @Option(names = "--encoding", defaultValue = "original",
      description = "State encoding: original (6×J, type as a number) or paper (one-hot types) (default: ${DEFAULT-VALUE}).")
  String encoding;

  @Option(names = "--network", defaultValue = "fully-connected",
      description = "Policy network: fully-connected (the paper's), shared-columns (one set of weights scores every "
          + "window column; no affine norm) or pooled-embeddings (per-job embeddings, a pooled context and a small "
          + "per-column head; fast incremental inference) (default: ${DEFAULT-VALUE}).")
  String network;

  @Option(names = "--raw-inputs", description = "Feed raw, unscaled state values as the original did.")
  boolean rawInputs;

  @Option(names = "--validate-every", description = "Steps between validations (default: a tenth of the steps).")
  Integer validateEvery;

  @Option(names = "--validation-traces", defaultValue = "10", description = "Fixed validation traces (default: ${DEFAULT-VALUE}).")
  int validationTraces;

  @Option(names = "--threads", description = "Threads; results do not depend on it (default: available processors).")
  Integer threads;

  Preset preset() {
    if (hidden < 1 || layers < 1 || validationTraces < 1 || (validateEvery != null && validateEvery < 1)
        || (threads != null && threads < 1)) {
      throw new InputException("--hidden, --layers, --validation-traces, --validate-every and --threads must be at least 1");
    }
    if (hidden > PolicySettings.MAX_HIDDEN_WIDTH || layers > PolicySettings.MAX_HIDDEN_LAYERS
        || validationTraces > MAX_VALIDATION_TRACES || (threads != null && threads > MAX_THREADS)) {
      throw new InputException("--hidden must be at most " + PolicySettings.MAX_HIDDEN_WIDTH + ", --layers at most "
          + PolicySettings.MAX_HIDDEN_LAYERS + ", --validation-traces at most " + MAX_VALIDATION_TRACES + " and --threads at most "
          + MAX_THREADS);
    }
    return WorkloadOptions.inWorld(Presets.byName(workload), world);
  }

  /** The paper's default policy for the preset, with the requested hidden layers and state encoding. */
  PolicySettings policy(Preset preset) {
    StateEncoding stateEncoding = switch (encoding) {
      case "original" -> StateEncoding.ORIGINAL;
      case "paper" -> StateEncoding.PAPER;
      default -> throw new InputException("--encoding must be original or paper: " + encoding);
    };
    PolicyNetwork architecture = switch (network) {
      case "fully-connected" -> PolicyNetwork.FULLY_CONNECTED;
      case "shared-columns" -> PolicyNetwork.SHARED_COLUMNS;
      case "pooled-embeddings" -> PolicyNetwork.POOLED_EMBEDDINGS;
      default -> throw new InputException(
          "--network must be fully-connected, shared-columns or pooled-embeddings: " + network);
    };
    return PolicySettings.defaults(preset).withHidden(hidden, layers).withEncoding(stateEncoding, !rawInputs)
        .withNetwork(architecture);
  }

  int threads() {
    return threads != null ? threads : Runtime.getRuntime().availableProcessors();
  }

  /** The requested interval, or a tenth of the steps capped at {@code cap}. */
  int validateEvery(int steps, int cap) {
    return validateEvery != null ? validateEvery : Math.max(1, Math.min(cap, steps / 10));
  }
}
