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
  @Option(names = "--workload", defaultValue = "paper-large", description = "Preset to train on (default: ${DEFAULT-VALUE}).")
  String workload;

  @Option(names = "--world", paramLabel = "WORLD", description = WorkloadOptions.WORLD_HELP)
  String world;

  @Option(names = "--seed", defaultValue = "" + TraceSets.DEFAULT_BASE_SEED, description = "Base seed (default: ${DEFAULT-VALUE}).")
  long seed;

  @Option(names = "--out", required = true, description = "Output directory.")
  Path out;

  @Option(names = "--hidden", defaultValue = "256", description = "Hidden layer width (default: ${DEFAULT-VALUE}).")
  int hidden;

  @Option(names = "--layers", defaultValue = "2", description = "Hidden layers (default: ${DEFAULT-VALUE}).")
  int layers;

  @Option(names = "--encoding", defaultValue = "original",
      description = "State encoding: original (6×J, type as a number), paper (one-hot types) or observed (what the cluster "
          + "measured of each job, no model name; speeds fitted to its progress) (default: ${DEFAULT-VALUE}).")
  String encoding;

  @Option(names = "--network", defaultValue = "fully-connected",
      description = "Policy network: fully-connected (the paper's), shared-columns (one set of weights scores every "
          + "window column; no affine norm) or pooled-embeddings (per-job embeddings, a pooled context and a small "
          + "per-column head; fast incremental inference) (default: ${DEFAULT-VALUE}).")
  String network;

  @Option(names = "--window", paramLabel = "J",
      description = "Jobs the policy sees, the oldest outstanding ones (default: the preset's, e.g. 20 on paper-dense).")
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
    if (hidden < 1 || layers < 1 || validationTraces < 1 || (validateEvery != null && validateEvery < 1)
        || (threads != null && threads < 1)) {
      throw new InputException("--hidden, --layers, --validation-traces, --validate-every and --threads must be at least 1");
    }
    return WorkloadOptions.inWorld(Presets.byName(workload), world);
  }

  /** The paper's default policy for the preset, with the requested hidden layers and state encoding. */
  PolicySettings policy(Preset preset) {
    StateEncoding stateEncoding = switch (encoding) {
      case "original" -> StateEncoding.ORIGINAL;
      case "paper" -> StateEncoding.PAPER;
      case "observed" -> StateEncoding.OBSERVED;
      default -> throw new InputException("--encoding must be original, paper or observed: " + encoding);
    };
    PolicyNetwork architecture = switch (network) {
      case "fully-connected" -> PolicyNetwork.FULLY_CONNECTED;
      case "shared-columns" -> PolicyNetwork.SHARED_COLUMNS;
      case "pooled-embeddings" -> PolicyNetwork.POOLED_EMBEDDINGS;
      default -> throw new InputException(
          "--network must be fully-connected, shared-columns or pooled-embeddings: " + network);
    };
    if (window != null && (window < 1 || window > 1000)) {
      throw new InputException("--window must be 1..1000: " + window);
    }
    return PolicySettings.defaults(preset).withWindow(window == null ? preset.window() : window).withHidden(hidden, layers)
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
