package dl2.learning.file;

import dl2.io.AtomicFiles;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A learning-curve CSV. With a file it is rewritten atomically after every row, so it is always
 * complete on disk; without one the caller writes {@link #text()} into its checkpoints.
 */
public final class LearningCurve {
  private final Path file;
  private final List<String> columns;
  private final StringBuilder text = new StringBuilder();
  private final List<double[]> rows = new ArrayList<>();

  public LearningCurve(Path file, List<String> columns) {
    this.file = file;
    this.columns = List.copyOf(columns);
    text.append(String.join(",", columns)).append('\n');
  }

  /** A curve kept in memory: the caller saves {@link #text()} with its checkpoints. */
  public LearningCurve(List<String> columns) {
    this(null, columns);
  }

  public void append(double... values) {
    if (values.length != columns.size()) {
      throw new IllegalArgumentException(
          "expected " + columns.size() + " values, got " + values.length);
    }
    rows.add(values.clone());
    for (int i = 0; i < values.length; i++) {
      if (i > 0) {
        text.append(',');
      }
      double v = values[i];
      text.append(
          v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : Double.toString(v));
    }
    text.append('\n');
    if (file == null) {
      return;
    }
    try {
      AtomicFiles.writeString(file, text.toString());
    } catch (IOException e) {
      throw new UncheckedIOException(
          "cannot write learning curve " + file + ": " + e.getMessage(), e);
    }
  }

  /** The CSV: header and every row so far. */
  public String text() {
    return text.toString();
  }

  public List<double[]> rows() {
    return List.copyOf(rows);
  }
}
