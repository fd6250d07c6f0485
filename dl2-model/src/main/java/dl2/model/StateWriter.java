package dl2.model;

import java.io.DataOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;

/**
 * Writes a training run's resumable state as a plain sequence of typed values. Components write
 * their fields in a fixed order and read them back in the same order with {@link StateReader};
 * a tag before each component catches a reader that drifted out of step.
 */
public final class StateWriter {
  private final DataOutputStream out;

  public StateWriter(OutputStream out) {
    this.out = new DataOutputStream(out);
  }

  /** Marks the start of a component; {@link StateReader#expect} checks it. */
  public void tag(String name) {
    writeString(name);
  }

  public void writeInt(int v) {
    io(() -> out.writeInt(v));
  }

  public void writeLong(long v) {
    io(() -> out.writeLong(v));
  }

  public void writeDouble(double v) {
    io(() -> out.writeDouble(v));
  }

  public void writeBoolean(boolean v) {
    io(() -> out.writeBoolean(v));
  }

  public void writeString(String s) {
    io(() -> out.writeUTF(s));
  }

  /** A nullable double array. */
  public void writeDoubles(double[] values) {
    writeInt(values == null ? -1 : values.length);
    if (values != null) {
      for (double v : values) {
        writeDouble(v);
      }
    }
  }

  /** A nullable boolean array. */
  public void writeBooleans(boolean[] values) {
    writeInt(values == null ? -1 : values.length);
    if (values != null) {
      for (boolean v : values) {
        writeBoolean(v);
      }
    }
  }

  public void writeLongs(long[] values) {
    writeInt(values.length);
    for (long v : values) {
      writeLong(v);
    }
  }

  public void flush() {
    io(out::flush);
  }

  private interface Io {
    void run() throws IOException;
  }

  private static void io(Io action) {
    try {
      action.run();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
