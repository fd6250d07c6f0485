package dl2.learning;

import dl2.learning.nn.ColumnLayout;
import dl2.learning.nn.MlpSpec;
import dl2.learning.nn.NetworkKind;
import dl2.workload.Preset;
import java.util.List;

/**
 * Everything needed to rebuild a policy's input and network: the state encoding and window, the
 * cap and epoch scale it was trained with, the hidden layers, and whether slots start with the
 * starvation-guard bundle. Stored in every policy file.
 *
 * @param encoding state layout (dl2-spec §7.1)
 * @param window J
 * @param taskCap C the policy was trained with (input scaling)
 * @param maxEpochs MAX_EPOCHS the policy was trained with (input scaling)
 * @param scaled whether inputs are scaled to order one
 * @param hiddenWidths widths of the hidden layers (paper: 256, 256)
 * @param affineNorm whether hidden layers end with the original's affine "batch norm" (§7.6)
 * @param startOfSlotBundle whether each slot starts with one bundle per job (§7.4)
 * @param network the policy network's architecture (files written before it existed are fully connected)
 */
public record PolicySettings(StateEncoding encoding, int window, int taskCap, double maxEpochs, boolean scaled,
    List<Integer> hiddenWidths, boolean affineNorm, boolean startOfSlotBundle, PolicyNetwork network) {

  public PolicySettings {
    network = network == null ? PolicyNetwork.FULLY_CONNECTED : network;
    hiddenWidths = List.copyOf(hiddenWidths);
    if (hiddenWidths.isEmpty() || hiddenWidths.stream().anyMatch(w -> w < 1)) {
      throw new IllegalArgumentException("hidden layers must be positive widths: " + hiddenWidths);
    }
  }

  /** The paper's defaults for a preset: Original encoding (scaled), 2 × 256 hidden, affine norm, start bundle. */
  public static PolicySettings defaults(Preset preset) {
    return new PolicySettings(StateEncoding.ORIGINAL, preset.window(), preset.taskCap(), preset.workload().maxEpochs(),
        true, List.of(256, 256), true, true, PolicyNetwork.FULLY_CONNECTED);
  }

  public PolicySettings withHidden(int width, int depth) {
    return new PolicySettings(encoding, window, taskCap, maxEpochs, scaled, java.util.Collections.nCopies(depth, width),
        affineNorm, startOfSlotBundle, network);
  }

  /** These settings with a window of {@code jobs} columns. */
  public PolicySettings withWindow(int jobs) {
    return new PolicySettings(encoding, jobs, taskCap, maxEpochs, scaled, hiddenWidths, affineNorm, startOfSlotBundle, network);
  }

  public PolicySettings withEncoding(StateEncoding newEncoding, boolean newScaled) {
    return new PolicySettings(newEncoding, window, taskCap, maxEpochs, newScaled, hiddenWidths, affineNorm, startOfSlotBundle,
        network);
  }

  /** These settings with another policy architecture; column networks drop the affine norm. */
  public PolicySettings withNetwork(PolicyNetwork newNetwork) {
    return new PolicySettings(encoding, window, taskCap, maxEpochs, scaled, hiddenWidths,
        newNetwork.overColumns() ? false : affineNorm, startOfSlotBundle, newNetwork);
  }

  public StateEncoder encoder() {
    return new StateEncoder(encoding, window, taskCap, maxEpochs, scaled);
  }

  public ActionSpace actions() {
    return new ActionSpace(window);
  }

  /** Observations for a cluster whose cap may differ from the training cap (masks use the live cap). */
  public Observer observer(int liveTaskCap) {
    return new Observer(encoder(), liveTaskCap);
  }

  public MlpSpec policySpec() {
    if (network.overColumns()) {
      StateEncoder encoder = encoder();
      ColumnLayout layout = new ColumnLayout(window, encoder.columnMajorFeatures(), encoder.globalFeatures());
      NetworkKind kind = network == PolicyNetwork.SHARED_COLUMNS ? NetworkKind.SHARED_COLUMNS : NetworkKind.POOLED_EMBEDDINGS;
      return new MlpSpec(encoder.size(), hiddenWidths, false, actions().size(), layout, kind);
    }
    return new MlpSpec(encoder().size(), hiddenWidths, affineNorm, actions().size());
  }

  /** The value network: one output, or one per column plus one for stop (job-aware critic). */
  public MlpSpec valueSpec(boolean perColumn) {
    return new MlpSpec(encoder().size(), hiddenWidths, affineNorm, perColumn ? window + 1 : 1);
  }
}
