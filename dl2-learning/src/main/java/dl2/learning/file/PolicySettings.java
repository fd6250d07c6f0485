package dl2.learning.file;

import com.fasterxml.jackson.annotation.JsonInclude;
import dl2.learning.nn.ColumnLayout;
import dl2.learning.nn.MlpSpec;
import dl2.learning.nn.NetworkKind;
import dl2.learning.policy.PolicyNetwork;
import dl2.learning.state.ActionSpace;
import dl2.learning.state.Encoding;
import dl2.learning.state.Observer;
import dl2.learning.state.StateEncoding;
import dl2.lengths.LengthBelief;
import dl2.model.JobSpec;
import dl2.workload.Preset;
import java.util.List;

/**
 * Everything needed to rebuild a policy's input and network: the state encoding and window, the cap
 * and epoch scale it was trained with, the hidden layers, and whether slots start with the
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
 * @param network the policy network's architecture (files written before it existed are fully
 *     connected)
 * @param residual the base rule and bonus of a residual policy (docs/residual.md); null for a plain
 *     policy, and then absent from the file
 */
public record PolicySettings(
    StateEncoding encoding,
    int window,
    int taskCap,
    double maxEpochs,
    boolean scaled,
    List<Integer> hiddenWidths,
    boolean affineNorm,
    boolean startOfSlotBundle,
    PolicyNetwork network,
    @JsonInclude(JsonInclude.Include.NON_NULL) ResidualSettings residual) {

  /**
   * Input limits: beyond them networks would not fit in memory (or in an int), long before any use.
   */
  public static final int MAX_WINDOW = 1000;

  public static final int MAX_TASK_CAP = 1024;
  public static final int MAX_HIDDEN_WIDTH = 4096;
  public static final int MAX_HIDDEN_LAYERS = 16;

  /**
   * Every field is checked; a bad one is an IllegalArgumentException whose message names it in
   * plain words.
   */
  public PolicySettings {
    network = network == null ? PolicyNetwork.FULLY_CONNECTED : network;
    if (encoding == null) {
      throw new IllegalArgumentException("encoding is missing (original or paper)");
    }
    if (window < 1 || window > MAX_WINDOW) {
      throw new IllegalArgumentException("window must be 1.." + MAX_WINDOW + ", got " + window);
    }
    if (window % encoding.columnsPerJob() != 0) {
      throw new IllegalArgumentException(
          "the "
              + encoding.name().toLowerCase(java.util.Locale.ROOT)
              + " encoding's window counts "
              + encoding.columnsPerJob()
              + " columns per job: "
              + window
              + " is not a multiple");
    }
    if (taskCap < 1 || taskCap > MAX_TASK_CAP) {
      throw new IllegalArgumentException("taskCap must be 1.." + MAX_TASK_CAP + ", got " + taskCap);
    }
    if (!(maxEpochs > 0) || maxEpochs > JobSpec.MAX_EPOCHS) {
      throw new IllegalArgumentException(
          "maxEpochs must be a number in (0, " + (long) JobSpec.MAX_EPOCHS + "], got " + maxEpochs);
    }
    if (hiddenWidths == null
        || hiddenWidths.isEmpty()
        || hiddenWidths.size() > MAX_HIDDEN_LAYERS
        || hiddenWidths.stream().anyMatch(w -> w == null || w < 1 || w > MAX_HIDDEN_WIDTH)) {
      throw new IllegalArgumentException(
          "hiddenWidths must be 1.."
              + MAX_HIDDEN_LAYERS
              + " widths of 1.."
              + MAX_HIDDEN_WIDTH
              + ", got "
              + hiddenWidths);
    }
    hiddenWidths = List.copyOf(hiddenWidths);
    if (residual != null && startOfSlotBundle) {
      throw new IllegalArgumentException(
          "a residual policy starts its slots from 0/0 (its base rule plans from there): "
              + "startOfSlotBundle must be false");
    }
  }

  /** The record's text, the residual part only where there is one ({@link SettingsText#record}). */
  @Override
  public String toString() {
    return SettingsText.record(this);
  }

  /** A plain (not residual) policy's settings. */
  public PolicySettings(
      StateEncoding encoding,
      int window,
      int taskCap,
      double maxEpochs,
      boolean scaled,
      List<Integer> hiddenWidths,
      boolean affineNorm,
      boolean startOfSlotBundle,
      PolicyNetwork network) {
    this(
        encoding,
        window,
        taskCap,
        maxEpochs,
        scaled,
        hiddenWidths,
        affineNorm,
        startOfSlotBundle,
        network,
        null);
  }

  /**
   * For messages: e.g. {@code window 40, cap 16, max epochs 30000, original encoding (scaled),
   * 256×2 fully connected}.
   */
  public String describe() {
    return SettingsText.describe(this);
  }

  /**
   * How these settings differ from what {@code preset} would train, as one warning line, or empty
   * if they match ({@link SettingsText}).
   */
  public java.util.Optional<String> mismatch(Preset preset) {
    return SettingsText.mismatch(this, preset);
  }

  /**
   * The paper's defaults for a preset: Original encoding (scaled), 2 × 256 hidden, affine norm,
   * start bundle.
   */
  public static PolicySettings defaults(Preset preset) {
    return new PolicySettings(
        StateEncoding.ORIGINAL,
        preset.window(),
        preset.taskCap(),
        preset.workload().maxEpochs(),
        true,
        List.of(256, 256),
        true,
        true,
        PolicyNetwork.FULLY_CONNECTED);
  }

  public PolicySettings withHidden(int width, int depth) {
    return new PolicySettings(
        encoding,
        window,
        taskCap,
        maxEpochs,
        scaled,
        java.util.Collections.nCopies(depth, width),
        affineNorm,
        startOfSlotBundle,
        network,
        residual);
  }

  /** These settings with a window of {@code jobs} columns. */
  public PolicySettings withWindow(int jobs) {
    return new PolicySettings(
        encoding,
        jobs,
        taskCap,
        maxEpochs,
        scaled,
        hiddenWidths,
        affineNorm,
        startOfSlotBundle,
        network,
        residual);
  }

  public PolicySettings withEncoding(StateEncoding newEncoding, boolean newScaled) {
    return new PolicySettings(
        newEncoding,
        window,
        taskCap,
        maxEpochs,
        newScaled,
        hiddenWidths,
        affineNorm,
        startOfSlotBundle,
        network,
        residual);
  }

  /**
   * These settings with or without the start-of-slot bundle; without it the policy adds every job's
   * first tasks itself, where its encoding says (a teacher imitated from 0/0 is not distorted).
   */
  public PolicySettings withStartOfSlotBundle(boolean bundle) {
    return new PolicySettings(
        encoding,
        window,
        taskCap,
        maxEpochs,
        scaled,
        hiddenWidths,
        affineNorm,
        bundle,
        network,
        residual);
  }

  /** These settings with another policy architecture; column networks drop the affine norm. */
  public PolicySettings withNetwork(PolicyNetwork newNetwork) {
    return new PolicySettings(
        encoding,
        window,
        taskCap,
        maxEpochs,
        scaled,
        hiddenWidths,
        newNetwork.overColumns() ? false : affineNorm,
        startOfSlotBundle,
        newNetwork,
        residual);
  }

  /** These settings as a residual policy on {@code base} (which starts its slots from 0/0). */
  public PolicySettings withResidual(ResidualSettings base) {
    return new PolicySettings(
        encoding,
        window,
        taskCap,
        maxEpochs,
        scaled,
        hiddenWidths,
        affineNorm,
        base == null && startOfSlotBundle,
        network,
        base);
  }

  /** A fresh encoding of these settings (each keeps its own per-slot memory). */
  public Encoding encoder() {
    return encoding.create(window, taskCap, maxEpochs, scaled);
  }

  public ActionSpace actions() {
    return new ActionSpace(window);
  }

  /**
   * Observations for a cluster whose cap may differ from the training cap (masks use the live cap).
   */
  public Observer observer(int liveTaskCap) {
    return new Observer(encoder(), liveTaskCap);
  }

  /** As {@link #observer(int)}, reading job lengths as {@code lengths} takes them. */
  public Observer observer(int liveTaskCap, LengthBelief lengths) {
    return new Observer(encoder(), liveTaskCap, lengths);
  }

  public MlpSpec policySpec() {
    if (network.overColumns()) {
      Encoding encoder = encoder();
      ColumnLayout layout =
          new ColumnLayout(window, encoder.columnMajorFeatures(), encoder.globalFeatures());
      NetworkKind kind =
          network == PolicyNetwork.SHARED_COLUMNS
              ? NetworkKind.SHARED_COLUMNS
              : NetworkKind.POOLED_EMBEDDINGS;
      return new MlpSpec(encoder.size(), hiddenWidths, false, actions().size(), layout, kind);
    }
    return new MlpSpec(encoder().size(), hiddenWidths, affineNorm, actions().size());
  }

  /** The value network: one output, or one per column plus one for stop (job-aware critic). */
  public MlpSpec valueSpec(boolean perColumn) {
    return new MlpSpec(encoder().size(), hiddenWidths, affineNorm, perColumn ? window + 1 : 1);
  }
}
