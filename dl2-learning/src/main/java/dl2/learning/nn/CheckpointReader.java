package dl2.learning.nn;

import dl2.io.InputException;
import dl2.io.OutputPaths;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.CRC32;

/**
 * The reading half of {@link NetworkCodec}: checks a checkpoint file's frame (magic, version,
 * length, CRC32) and decodes its body, every fault one {@code InputException} naming the file.
 */
final class CheckpointReader {
  private CheckpointReader() {}

  /** As {@link NetworkCodec#read}. */
  static Checkpoint read(Path file) {
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

  private static ByteBuffer checkFrame(String source, byte[] bytes) {
    if (bytes.length >= NetworkCodec.MAGIC.length && !startsWithMagic(bytes)) {
      throw InputException.inFile(
          source, "not a DL2 checkpoint (wrong magic bytes, expected " + "\"DL2P\")");
    }
    if (bytes.length < NetworkCodec.HEADER_BYTES) {
      throw InputException.inFile(
          source,
          "truncated: "
              + bytes.length
              + " bytes, shorter than the "
              + NetworkCodec.HEADER_BYTES
              + "-byte header");
    }
    ByteBuffer buf = ByteBuffer.wrap(bytes);
    buf.position(NetworkCodec.MAGIC.length);
    int version = buf.getInt();
    if (version < NetworkCodec.OLDEST_READABLE || version > NetworkCodec.VERSION) {
      throw InputException.inFile(
          source,
          "unsupported checkpoint version "
              + version
              + " (this build reads versions "
              + NetworkCodec.OLDEST_READABLE
              + " to "
              + NetworkCodec.VERSION
              + ")");
    }
    long bodyLength = buf.getLong();
    long expected = NetworkCodec.HEADER_BYTES + bodyLength + NetworkCodec.CRC_BYTES;
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
    crc.update(bytes, 0, (int) (NetworkCodec.HEADER_BYTES + bodyLength));
    int stored =
        ByteBuffer.wrap(bytes, bytes.length - NetworkCodec.CRC_BYTES, NetworkCodec.CRC_BYTES)
            .getInt();
    if (stored != (int) crc.getValue()) {
      throw InputException.inFile(
          source,
          String.format(
              "CRC mismatch (stored %08x, computed %08x): the file is corrupt",
              stored, (int) crc.getValue()));
    }
    return ByteBuffer.wrap(bytes, NetworkCodec.HEADER_BYTES, (int) bodyLength).slice();
  }

  private static int version(byte[] bytes) {
    return ByteBuffer.wrap(bytes, NetworkCodec.MAGIC.length, Integer.BYTES).getInt();
  }

  private static boolean startsWithMagic(byte[] bytes) {
    for (int k = 0; k < NetworkCodec.MAGIC.length; k++) {
      if (bytes[k] != NetworkCodec.MAGIC[k]) {
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
