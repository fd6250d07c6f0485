package dl2.learning.nn;

import dl2.io.AtomicFiles;
import dl2.io.InputException;
import dl2.io.OutputPaths;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.CRC32;

/**
 * Reads and writes checkpoint files: magic "DL2P", a version, a length-prefixed body (metadata,
 * then per network its architecture, weights and Adam state) and a CRC32. The byte layout is
 * documented in {@code docs/checkpoint-format.md}; change {@link #VERSION} with it.
 */
public final class NetworkCodec {
  public static final byte[] MAGIC = {'D', 'L', '2', 'P'};
  public static final int VERSION = 3;

  /**
   * Files are written in the oldest version that holds their networks: 2 unless a network has
   * pooled embeddings or global features (3), so files of older architectures stay byte-identical.
   */
  static final int OLDEST_WRITTEN = 2;

  /** Version 1 files (fully connected networks only) are still read. */
  static final int OLDEST_READABLE = 1;

  static final int HEADER_BYTES = 16; // magic, version, body length
  static final int CRC_BYTES = 4;

  private NetworkCodec() {}

  /**
   * Writes the checkpoint atomically: to a temporary file in the same directory, forced to disk,
   * then moved over {@code file}. Readers see the old file or the new one, never a mix.
   */
  public static void write(Path file, String metadata, List<NetworkState> networks) {
    try {
      AtomicFiles.write(file, encode(metadata, networks));
    } catch (IOException e) {
      throw new UncheckedIOException(
          "cannot write checkpoint " + file + ": " + OutputPaths.reason(e), e);
    }
  }

  /**
   * Reads a checkpoint, rebuilding each network from its stored architecture.
   *
   * @throws InputException one line naming the file and what is wrong: unreadable, wrong magic,
   *     unsupported version, truncated, CRC mismatch or a malformed body
   */
  public static Checkpoint read(Path file) {
    String source = file.toString();
    byte[] bytes = OutputPaths.readInput(file);
    ByteBuffer body = checkFrame(source, bytes);
    try {
      Checkpoint checkpoint = decode(source, body, version(bytes));
      if (body.hasRemaining()) {
        throw corrupt(source, body.remaining() + " unexpected bytes after the last network");
      }
      return checkpoint;
    } catch (BufferUnderflowException e) {
      throw corrupt(source, "body ends in the middle of a field");
    } catch (IllegalArgumentException e) {
      throw corrupt(source, e.getMessage());
    }
  }

  public static byte[] encode(String metadata, List<NetworkState> networks) {
    int version = OLDEST_WRITTEN;
    for (NetworkState state : networks) {
      MlpSpec spec = state.network().spec();
      if (spec.kind() == NetworkKind.POOLED_EMBEDDINGS
          || (spec.columns() != null && spec.columns().globalFeatures() > 0)) {
        version = 3;
      }
    }
    ByteArrayOutputStream bodyBytes = new ByteArrayOutputStream();
    try (DataOutputStream out = new DataOutputStream(bodyBytes)) {
      writeString(out, metadata);
      out.writeInt(networks.size());
      for (NetworkState state : networks) {
        writeNetwork(out, state, version);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e); // in-memory stream: cannot happen
    }
    byte[] body = bodyBytes.toByteArray();
    ByteBuffer all = ByteBuffer.allocate(HEADER_BYTES + body.length + CRC_BYTES);
    all.put(MAGIC).putInt(version).putLong(body.length).put(body);
    CRC32 crc = new CRC32();
    crc.update(all.array(), 0, HEADER_BYTES + body.length);
    all.putInt((int) crc.getValue());
    return all.array();
  }

  private static void writeNetwork(DataOutputStream out, NetworkState state, int version)
      throws IOException {
    writeString(out, state.name());
    MlpSpec spec = state.network().spec();
    out.writeInt(spec.inputSize());
    out.writeInt(spec.hiddenWidths().size());
    for (int width : spec.hiddenWidths()) {
      out.writeInt(width);
    }
    out.writeBoolean(spec.affineNorm());
    out.writeInt(spec.outputSize());
    out.writeInt(spec.columns() == null ? 0 : spec.columns().window());
    out.writeInt(spec.columns() == null ? 0 : spec.columns().columnMajorFeatures());
    if (version >= 3) {
      out.writeInt(spec.kind().ordinal());
      out.writeInt(spec.columns() == null ? 0 : spec.columns().globalFeatures());
    }
    ParamSet weights = state.network().parameters();
    out.writeInt(weights.tensorCount());
    writeTensors(out, weights, true);
    Adam adam = state.optimizer();
    out.writeDouble(adam.learningRate());
    out.writeLong(adam.stepCount());
    writeTensors(out, adam.firstMoments(), false);
    writeTensors(out, adam.secondMoments(), false);
  }

  private static void writeTensors(DataOutputStream out, ParamSet set, boolean withLength)
      throws IOException {
    for (int k = 0; k < set.tensorCount(); k++) {
      double[] t = set.live(k);
      if (withLength) {
        out.writeInt(t.length);
      }
      for (double x : t) {
        out.writeDouble(x);
      }
    }
  }

  private static void writeString(DataOutputStream out, String s) throws IOException {
    byte[] utf8 = s.getBytes(StandardCharsets.UTF_8);
    out.writeInt(utf8.length);
    out.write(utf8);
  }

  private static ByteBuffer checkFrame(String source, byte[] bytes) {
    if (bytes.length >= MAGIC.length && !startsWithMagic(bytes)) {
      throw InputException.inFile(
          source, "not a DL2 checkpoint (wrong magic bytes, expected " + "\"DL2P\")");
    }
    if (bytes.length < HEADER_BYTES) {
      throw InputException.inFile(
          source,
          "truncated: "
              + bytes.length
              + " bytes, shorter than the "
              + HEADER_BYTES
              + "-byte header");
    }
    ByteBuffer buf = ByteBuffer.wrap(bytes);
    buf.position(MAGIC.length);
    int version = buf.getInt();
    if (version < OLDEST_READABLE || version > VERSION) {
      throw InputException.inFile(
          source,
          "unsupported checkpoint version "
              + version
              + " (this build reads versions "
              + OLDEST_READABLE
              + " to "
              + VERSION
              + ")");
    }
    long bodyLength = buf.getLong();
    long expected = HEADER_BYTES + bodyLength + CRC_BYTES;
    if (bodyLength < 0 || bytes.length > expected) {
      throw corrupt(
          source,
          "header gives a body of "
              + bodyLength
              + " bytes but the file has "
              + bytes.length
              + " bytes");
    }
    if (bytes.length < expected) {
      throw InputException.inFile(
          source, "truncated: " + bytes.length + " bytes, expected " + expected);
    }
    CRC32 crc = new CRC32();
    crc.update(bytes, 0, (int) (HEADER_BYTES + bodyLength));
    int stored = ByteBuffer.wrap(bytes, bytes.length - CRC_BYTES, CRC_BYTES).getInt();
    if (stored != (int) crc.getValue()) {
      throw InputException.inFile(
          source,
          String.format(
              "CRC mismatch (stored %08x, computed %08x): the file is corrupt",
              stored, (int) crc.getValue()));
    }
    return ByteBuffer.wrap(bytes, HEADER_BYTES, (int) bodyLength).slice();
  }

  private static int version(byte[] bytes) {
    return ByteBuffer.wrap(bytes, MAGIC.length, Integer.BYTES).getInt();
  }

  private static boolean startsWithMagic(byte[] bytes) {
    for (int k = 0; k < MAGIC.length; k++) {
      if (bytes[k] != MAGIC[k]) {
        return false;
      }
    }
    return true;
  }

  private static Checkpoint decode(String source, ByteBuffer in, int version) {
    String metadata = readString(in);
    int count = readCount(in, "network count");
    List<NetworkState> networks = new ArrayList<>();
    for (int n = 0; n < count; n++) {
      networks.add(readNetwork(in, version));
    }
    return new Checkpoint(source, metadata, networks);
  }

  private static NetworkState readNetwork(ByteBuffer in, int version) {
    String name = readString(in);
    int inputSize = in.getInt();
    int hiddenCount = readCount(in, "hidden layer count of network '" + name + "'");
    List<Integer> widths = new ArrayList<>();
    for (int h = 0; h < hiddenCount; h++) {
      widths.add(in.getInt());
    }
    boolean affineNorm = in.get() != 0;
    int outputSize = in.getInt();
    ColumnLayout columns = null;
    NetworkKind kind = NetworkKind.FULLY_CONNECTED;
    if (version >= 2) {
      int window = in.getInt();
      int columnMajor = in.getInt();
      int globals = 0;
      kind = window == 0 ? NetworkKind.FULLY_CONNECTED : NetworkKind.SHARED_COLUMNS;
      if (version >= 3) {
        int k = in.getInt();
        if (k < 0 || k >= NetworkKind.values().length) {
          throw new IllegalArgumentException(
              "network '" + name + "' has unknown architecture " + k);
        }
        kind = NetworkKind.values()[k];
        globals = in.getInt();
      }
      columns = window == 0 ? null : new ColumnLayout(window, columnMajor, globals);
    }
    MlpSpec spec = new MlpSpec(inputSize, widths, affineNorm, outputSize, columns, kind);
    if (spec.parameterCount() * 3 * Double.BYTES > in.remaining()) {
      throw new IllegalArgumentException(
          "network '" + name + "' (" + spec + ") needs more bytes than the body holds");
    }
    Mlp network = new Mlp(spec, null); // its values are read below
    int tensors = in.getInt();
    if (tensors != network.params().size()) {
      throw new IllegalArgumentException(
          "network '"
              + name
              + "' stores "
              + tensors
              + " tensors, its architecture "
              + spec
              + " has "
              + network.params().size());
    }
    network.loadParameters(readTensors(in, network, true));
    Adam adam = new Adam(network, in.getDouble());
    long step = in.getLong();
    adam.restore(readTensors(in, network, false), readTensors(in, network, false), step);
    return new NetworkState(name, network, adam);
  }

  private static ParamSet readTensors(ByteBuffer in, Mlp network, boolean withLength) {
    List<Param> params = network.params();
    double[][] t = new double[params.size()][];
    for (int k = 0; k < t.length; k++) {
      int size = params.get(k).size();
      if (withLength && in.getInt() != size) {
        throw new IllegalArgumentException(
            "tensor " + params.get(k).name() + " has the wrong length for its architecture");
      }
      if ((long) size * Double.BYTES > in.remaining()) {
        throw new BufferUnderflowException();
      }
      t[k] = new double[size];
      in.asDoubleBuffer().get(t[k]);
      in.position(in.position() + size * Double.BYTES);
    }
    return new ParamSet(t);
  }

  private static String readString(ByteBuffer in) {
    int length = readCount(in, "string length");
    byte[] utf8 = new byte[length];
    in.get(utf8);
    return new String(utf8, StandardCharsets.UTF_8);
  }

  private static int readCount(ByteBuffer in, String what) {
    int n = in.getInt();
    if (n < 0 || n > in.remaining()) {
      throw new IllegalArgumentException("impossible " + what + " " + n);
    }
    return n;
  }

  private static InputException corrupt(String source, String problem) {
    return InputException.inFile(source, "corrupt checkpoint: " + problem);
  }
}
