package dl2.learning.file;

import dl2.workload.Preset;
import java.util.List;

/**
 * A policy's settings in words: a one-line description, and how they differ from those its preset
 * would train (a warning, not an error).
 */
final class SettingsText {
  private SettingsText() {}

  /**
   * The record's own text, without the residual part for a plain policy: resume states carry this
   * text as their settings' fingerprint, so a plain policy's stays what it was before residual
   * policies existed (runs started then still resume, and their files stay byte-identical).
   */
  static String record(PolicySettings s) {
    return "PolicySettings[encoding="
        + s.encoding()
        + ", window="
        + s.window()
        + ", taskCap="
        + s.taskCap()
        + ", maxEpochs="
        + s.maxEpochs()
        + ", scaled="
        + s.scaled()
        + ", hiddenWidths="
        + s.hiddenWidths()
        + ", affineNorm="
        + s.affineNorm()
        + ", startOfSlotBundle="
        + s.startOfSlotBundle()
        + ", network="
        + s.network()
        + (s.residual() == null ? "" : ", residual=" + s.residual())
        + "]";
  }

  /** For messages: e.g. {@code window 40, cap 16, ...} (see {@link PolicySettings#describe}). */
  static String describe(PolicySettings s) {
    String widths =
        s.hiddenWidths().stream().distinct().count() == 1
            ? s.hiddenWidths().get(0) + "×" + s.hiddenWidths().size()
            : s.hiddenWidths().toString();
    return "window "
        + s.window()
        + ", cap "
        + s.taskCap()
        + ", max epochs "
        + describeNumber(s.maxEpochs())
        + ", "
        + s.encoding().name().toLowerCase(java.util.Locale.ROOT)
        + " encoding"
        + (s.scaled() ? "" : " (raw)")
        + ", "
        + widths
        + " "
        + s.network().name().toLowerCase(java.util.Locale.ROOT).replace('_', ' ')
        + (s.affineNorm() ? " with affine norm" : "")
        + (s.startOfSlotBundle() ? "" : ", no start-of-slot bundle")
        + (s.residual() == null ? "" : ", " + s.residual().describe());
  }

  /**
   * How these settings differ from what {@code preset} would train, as one warning line, or empty
   * if they match: a policy runs on any preset (it sees the oldest {@code window} jobs, inputs
   * scaled by its own cap and epochs), but its quality was measured on its own.
   */
  static java.util.Optional<String> mismatch(PolicySettings settings, Preset preset) {
    List<String> differences = new java.util.ArrayList<>();
    int window = settings.window();
    int jobs = window / settings.encoding().columnsPerJob(); // placed: a column per kind of node
    if (jobs != preset.window()) {
      differences.add(
          "window "
              + jobs
              + (jobs == window ? "" : " jobs")
              + " ("
              + preset.name()
              + " has "
              + preset.window()
              + "; it sees only the "
              + jobs
              + " oldest waiting jobs)");
    }
    int taskCap = settings.taskCap();
    if (taskCap != preset.taskCap()) {
      differences.add("cap " + taskCap + " (" + preset.name() + " has " + preset.taskCap() + ")");
    }
    double maxEpochs = settings.maxEpochs();
    if (maxEpochs != preset.workload().maxEpochs()) {
      differences.add(
          "max epochs "
              + describeNumber(maxEpochs)
              + " ("
              + preset.name()
              + " has "
              + describeNumber(preset.workload().maxEpochs())
              + ")");
    }
    return differences.isEmpty()
        ? java.util.Optional.empty()
        : java.util.Optional.of(
            "trained with " + String.join(", ", differences) + "; its results there are untested");
  }

  static String describeNumber(double value) {
    return value == Math.rint(value) ? Long.toString((long) value) : Double.toString(value);
  }
}
