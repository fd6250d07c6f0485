package dl2.io;

import java.io.DataOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Writes a training run's resumable state as a plain sequence of typed values. Components write
 * their fields in a fixed order and read them back in the same order with {@link StateReader}; a
 * tag before each component catches a reader that drifted out of step.
 */
public final class StateWriter {
  private static final VarHandle BIG_ENDIAN_LONGS =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

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

  /**
   * A nullable double array: the bytes of {@link #writeDouble} for each value, handed over in one
   * write (replay buffers hold millions of values, and a write per value dominated a checkpoint).
   */
  public void writeDoubles(double[] values) {
    writeInt(values == null ? -1 : values.length);
    if (values != null) {
      byte[] bytes = new byte[8 * values.length];
      for (int i = 0; i < values.length; i++) {
        putLong(bytes, 8 * i, Double.doubleToLongBits(values[i]));
      }
      io(() -> out.write(bytes));
    }
  }

  /** A nullable boolean array. */
  public void writeBooleans(boolean[] values) {
    writeInt(values == null ? -1 : values.length);
    if (values != null) {
      byte[] bytes = new byte[values.length];
      for (int i = 0; i < values.length; i++) {
        bytes[i] = (byte) (values[i] ? 1 : 0); // as DataOutputStream.writeBoolean
      }
      io(() -> out.write(bytes));
    }
  }

  public void writeLongs(long[] values) {
    writeInt(values.length);
    byte[] bytes = new byte[8 * values.length];
    for (int i = 0; i < values.length; i++) {
      putLong(bytes, 8 * i, values[i]);
    }
    io(() -> out.write(bytes));
  }

  /** Big-endian, as DataOutputStream.writeLong, in one store. */
  private static void putLong(byte[] bytes, int at, long v) {
    BIG_ENDIAN_LONGS.set(bytes, at, v);
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
