package dl2.io;

import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;

/**
 * Reads what a {@link StateWriter} wrote, in the same order. Any inconsistency (a wrong tag, a
 * negative or oversized length, a truncated stream) is an {@link InputException} naming the source,
 * so a corrupt resume file gives one clear line.
 */
public final class StateReader {
  private static final int MAX_ARRAY = 1 << 26;

  private final DataInputStream in;
  private final String source;

  public StateReader(InputStream in, String source) {
    this.in = new DataInputStream(in);
    this.source = source;
  }

  public String source() {
    return source;
  }

  public void expect(String name) {
    String tag = readString();
    if (!tag.equals(name)) {
      throw corrupt("expected section '" + name + "', found '" + tag + "'");
    }
  }

  public int readInt() {
    return io(in::readInt);
  }

  public long readLong() {
    return io(in::readLong);
  }

  public double readDouble() {
    return io(in::readDouble);
  }

  public boolean readBoolean() {
    return io(in::readBoolean);
  }

  public String readString() {
    return io(in::readUTF);
  }

  public double[] readDoubles() {
    int n = length(true);
    if (n < 0) {
      return null;
    }
    double[] values = new double[n];
    for (int i = 0; i < n; i++) {
      values[i] = readDouble();
    }
    return values;
  }

  public boolean[] readBooleans() {
    int n = length(true);
    if (n < 0) {
      return null;
    }
    boolean[] values = new boolean[n];
    for (int i = 0; i < n; i++) {
      values[i] = readBoolean();
    }
    return values;
  }

  public long[] readLongs() {
    int n = length(false);
    long[] values = new long[n];
    for (int i = 0; i < n; i++) {
      values[i] = readLong();
    }
    return values;
  }

  /** A length or count that must lie in [0, max]. */
  public int readCount(int max) {
    int n = readInt();
    if (n < 0 || n > max) {
      throw corrupt("count " + n + " outside 0.." + max);
    }
    return n;
  }

  /** Whether the stream has no byte left (a complete file ends exactly after its last field). */
  public boolean atEnd() {
    return io(in::read) == -1;
  }

  public InputException corrupt(String problem) {
    return InputException.inFile(source, "corrupt resume state: " + problem);
  }

  private int length(boolean nullable) {
    int n = readInt();
    if ((n < 0 && !(nullable && n == -1)) || n > MAX_ARRAY) {
      throw corrupt("bad array length " + n);
    }
    return n;
  }

  private interface Io<T> {
    T get() throws IOException;
  }

  private <T> T io(Io<T> read) {
    try {
      return read.get();
    } catch (EOFException e) {
      throw corrupt("truncated");
    } catch (IOException e) {
      throw InputException.inFile(source, "cannot read resume state: " + OutputPaths.reason(e));
    }
  }
}
