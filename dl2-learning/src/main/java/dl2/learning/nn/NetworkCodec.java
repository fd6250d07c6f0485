package dl2.learning.nn;

import dl2.io.AtomicFiles;
import dl2.io.InputException;
import dl2.io.OutputPaths;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
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
    return CheckpointReader.read(file);
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
}
