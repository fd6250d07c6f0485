package dl2.learning.sl;

import dl2.io.AtomicFiles;
import dl2.io.InputException;
import dl2.io.OutputPaths;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Warm-up samples recorded in shadow mode: the teacher's decisions on a live cluster (dl2-spec §8,
 * §11), one file per slot, {@code DIR/slot-NNNNNNNN.csv}, written atomically (a slot redone after a
 * restart replaces its file). Each line is {@code label,mask,state}: the action index (-1 when the
 * job was outside the window), the mask as 0/1 characters, and the state as space-separated doubles
 * written so that they read back bit-exactly.
 */
public final class ShadowRecording {
  static final String HEADER = "label,mask,state";

  private ShadowRecording() {}

  /** Writes one slot's samples; an empty slot writes nothing. */
  public static void writeSlot(Path dir, int slot, List<LabelledSample> samples) {
    if (samples.isEmpty()) {
      return;
    }
    StringBuilder text = new StringBuilder(HEADER).append('\n');
    for (LabelledSample s : samples) {
      text.append(s.label()).append(',');
      for (boolean m : s.mask()) {
        text.append(m ? '1' : '0');
      }
      text.append(',');
      for (int i = 0; i < s.state().length; i++) {
        text.append(i == 0 ? "" : " ").append(s.state()[i]);
      }
      text.append('\n');
    }
    try {
      Files.createDirectories(dir);
      AtomicFiles.writeString(dir.resolve(String.format("slot-%08d.csv", slot)), text.toString());
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the shadow recording in " + dir, e);
    }
  }

  /**
   * Every recorded slot in {@code dir} or one level below (one subdirectory per emulated trace) in
   * path order, each a list of samples whose state and mask sizes must be {@code stateSize} and
   * {@code actions} (the policy's); anything else is an InputException.
   */
  public static List<List<LabelledSample>> read(Path dir, int stateSize, int actions) {
    if (dir.toAbsolutePath().normalize().getParent() == null) {
      throw InputException.inFile(dir.toString(), "is the root directory, not a shadow recording");
    }
    List<Path> files;
    // A recording is DIR/slot-N.csv (controller) or DIR/TRACE/slot-N.csv (emulator): nothing deeper
    // is looked at.
    try (Stream<Path> list = Files.walk(dir, 2)) {
      files =
          list.filter(
                  p ->
                      p.getFileName().toString().matches("slot-\\d+\\.csv")
                          && Files.isRegularFile(p))
              .sorted()
              .toList();
    } catch (IOException e) {
      throw InputException.inFile(
          dir.toString(), "cannot be read as a shadow recording: " + OutputPaths.reason(e));
    } catch (java.io.UncheckedIOException e) {
      throw InputException.inFile(
          dir.toString(),
          "cannot be read as a shadow recording: " + OutputPaths.reason(e.getCause()));
    }
    List<List<LabelledSample>> slots = new ArrayList<>();
    for (Path file : files) {
      slots.add(readSlot(file, stateSize, actions));
    }
    if (slots.isEmpty()) {
      throw InputException.inFile(dir.toString(), "holds no recorded slot (slot-NNNNNNNN.csv)");
    }
    return slots;
  }

  private static List<LabelledSample> readSlot(Path file, int stateSize, int actions) {
    List<String> lines =
        new String(OutputPaths.readInput(file), java.nio.charset.StandardCharsets.UTF_8)
            .lines()
            .toList();
    if (lines.isEmpty() || !lines.get(0).equals(HEADER)) {
      throw InputException.at(file.toString(), 1, "header", "must be '" + HEADER + "'");
    }
    List<LabelledSample> samples = new ArrayList<>();
    for (int n = 1; n < lines.size(); n++) {
      samples.add(parse(file, n + 1, lines.get(n), stateSize, actions));
    }
    return samples;
  }

  private static LabelledSample parse(
      Path file, int line, String text, int stateSize, int actions) {
    String[] fields = text.split(",", -1);
    if (fields.length != 3) {
      throw InputException.at(
          file.toString(), line, "line", "needs 3 fields label,mask,state, got " + fields.length);
    }
    String maskText = fields[1];
    if (maskText.length() != actions || !maskText.matches("[01]*")) {
      throw InputException.at(
          file.toString(),
          line,
          "mask",
          "must be " + actions + " characters 0 or 1 (the policy's actions)");
    }
    boolean[] mask = new boolean[actions];
    for (int i = 0; i < actions; i++) {
      mask[i] = maskText.charAt(i) == '1';
    }
    String[] values = fields[2].trim().split(" ");
    if (values.length != stateSize) {
      throw InputException.at(
          file.toString(),
          line,
          "state",
          "has " + values.length + " values, the policy's state has " + stateSize);
    }
    try {
      int label = Integer.parseInt(fields[0]);
      if (label < -1 || label >= actions) {
        throw InputException.at(
            file.toString(), line, "label", "must be -1.." + (actions - 1) + ", got " + label);
      }
      double[] state = new double[stateSize];
      for (int i = 0; i < stateSize; i++) {
        state[i] = Double.parseDouble(values[i]);
      }
      return new LabelledSample(state, mask, label);
    } catch (NumberFormatException e) {
      throw InputException.at(
          file.toString(), line, "label/state", "not a number: " + e.getMessage());
    }
  }
}
